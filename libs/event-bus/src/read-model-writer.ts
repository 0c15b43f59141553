import type { AnyBulkWriteOperation, Db, Document, UpdateFilter } from 'mongodb';

/** Read-model documents are keyed by a string `_id`. */
export interface ReadModelDocument extends Document {
  _id: string;
}
import type { EventEnvelope } from '@forum/contracts';

const DUPLICATE_KEY = 11000;
/** How many applied event ids a document remembers for de-duplicating counters. */
const SEEN_EVENTS_KEPT = 64;

/**
 * Collects a batch's read-model writes and runs them as one ordered bulk write per collection.
 * Every write is idempotent, so redelivery and replay change nothing:
 * - `upsertVersioned` guards a document owned by one stream with the last applied stream version;
 * - `updateOnce` remembers recent event ids, for counters fed by other streams.
 * A guard that refuses makes the upsert collide on `_id` (E11000): that write is skipped.
 */
export class ReadModelWriter {
  private readonly operations = new Map<string, AnyBulkWriteOperation<ReadModelDocument>[]>();

  constructor(
    private readonly db: Db,
    private readonly physicalName: (collection: string) => string = (collection) => collection,
  ) {}

  /** Applies `update` to the document of `event`'s stream unless it has seen this stream version already. */
  upsertVersioned(collection: string, id: string, event: EventEnvelope, update: UpdateFilter<ReadModelDocument>): void {
    const set = { ...(update.$set ?? {}), _version: event.version };
    this.add(collection, {
      updateOne: {
        filter: { _id: id, $or: [{ _version: { $lt: event.version } }, { _version: { $exists: false } }] },
        update: { ...update, $set: set },
        upsert: true,
      },
    });
  }

  /** Applies `update` once per event id (counters, fields fed by other streams). */
  updateOnce(
    collection: string,
    id: string,
    event: EventEnvelope,
    update: UpdateFilter<ReadModelDocument>,
    options: { upsert?: boolean } = {},
  ): void {
    this.add(collection, {
      updateOne: {
        filter: { _id: id, _seen: { $ne: event.id } },
        update: {
          ...update,
          $push: { ...(update.$push ?? {}), _seen: { $each: [event.id], $slice: -SEEN_EVENTS_KEPT } },
        } as unknown as UpdateFilter<ReadModelDocument>,
        upsert: options.upsert ?? false,
      },
    });
  }

  delete(collection: string, id: string): void {
    this.add(collection, { deleteOne: { filter: { _id: id } } });
  }

  get size(): number {
    let size = 0;
    for (const operations of this.operations.values()) size += operations.length;
    return size;
  }

  async flush(): Promise<void> {
    const work = [...this.operations];
    this.operations.clear();
    await Promise.all(work.map(([collection, operations]) => this.write(this.physicalName(collection), operations)));
  }

  private add(collection: string, operation: AnyBulkWriteOperation<ReadModelDocument>): void {
    const operations = this.operations.get(collection) ?? [];
    operations.push(operation);
    this.operations.set(collection, operations);
  }

  /** Ordered, so a stream's updates land in order; after a refused guard the rest is resubmitted. */
  private async write(collection: string, operations: AnyBulkWriteOperation<ReadModelDocument>[]): Promise<void> {
    let remaining = operations;
    while (remaining.length > 0) {
      try {
        await this.db.collection<ReadModelDocument>(collection).bulkWrite(remaining, { ordered: true });
        return;
      } catch (error) {
        const failed = firstDuplicateIndex(error);
        if (failed === null) throw error;
        remaining = remaining.slice(failed + 1);
      }
    }
  }
}

function firstDuplicateIndex(error: unknown): number | null {
  const writeErrors = (error as { writeErrors?: { code: number; index: number }[] | { code: number; index: number } })
    .writeErrors;
  const list = Array.isArray(writeErrors) ? writeErrors : writeErrors ? [writeErrors] : [];
  const first = list[0];
  return first && first.code === DUPLICATE_KEY ? first.index : null;
}
