import type { Db, Document } from 'mongodb';
import type { EventEnvelope } from '@forum/contracts';
import { newId } from '@forum/contracts';
import { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';

/** An event as the projector receives it, with envelope fields filled in. */
export function envelope<T extends string, D>(
  streamId: string,
  version: number,
  event: { type: T; data: D },
  overrides: Partial<EventEnvelope> = {},
): EventEnvelope<T, D> {
  return {
    id: newId(),
    streamId,
    version,
    occurredAt: new Date().toISOString(),
    schemaVersion: 1,
    correlationId: newId(),
    causationId: null,
    actor: { kind: 'system', id: null },
    ...overrides,
    ...event,
  } as EventEnvelope<T, D>;
}

/**
 * Given events (each batch flushed like one Kafka batch) / then the documents of a collection, against a real
 * MongoDB database: `await projectionSpec(topicListProjection, db).given([e1], [e1, e2]).then('topic_list')`.
 */
export function projectionSpec(projection: ProjectionDefinition, db: Db) {
  const batches: EventEnvelope[][] = [];
  const spec = {
    given(...eventBatches: EventEnvelope[][]) {
      batches.push(...eventBatches);
      return spec;
    },
    async then(collection: string): Promise<Document[]> {
      for (const batch of batches) {
        const writer = new ReadModelWriter(db);
        for (const event of batch) await projection.apply(event, writer);
        await writer.flush();
      }
      return db.collection(collection).find({}).sort({ _id: 1 }).toArray();
    },
  };
  return spec;
}
