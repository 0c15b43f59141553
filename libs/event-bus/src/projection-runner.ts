import { createHash } from 'node:crypto';
import type { Db } from 'mongodb';
import type { Kafka } from 'kafkajs';
import { ConsumerRunner } from './consumer-runner';
import { BusLogger, TopicRegistry } from './kafka';
import type { ProjectionDefinition } from './projection';
import type { ProjectionWaiter } from './projection-waiter';
import { ReadModelWriter } from './read-model-writer';

export interface RunnerContext {
  service: string;
  kafka: Kafka;
  topics: TopicRegistry;
  logger?: BusLogger;
  onLag?(group: string, topic: string, partition: number, lag: number): void;
}

/** Where a projector stands in one partition: status pages and lag checks read it. */
export interface ProjectorCheckpoint {
  _id: string;
  group: string;
  topic: string;
  partition: number;
  offset: string;
  highWatermark: string;
  at: Date;
}

/** `<prefix><service>.<name>.v<version>`: the topic prefix namespaces groups too, like everything on a shared broker. */
export function consumerGroup(
  context: Pick<RunnerContext, 'service' | 'topics'>,
  definition: { name: string; version: number },
): string {
  return context.topics.physical(`${context.service}.${definition.name}.v${definition.version}`);
}

/**
 * `<prefix><service>.projections.<hash>`: one group for all of a context's projections. The hash covers every
 * projection's name and version, so adding a projection or raising a version starts a new group that replays the
 * context's topics from the beginning (ADR 36); the guarded writer makes the replay harmless to the others.
 */
export function projectionsGroup(context: RunnerContext, projections: ProjectionDefinition[]): string {
  const names = projections.map((p) => `${p.name}.v${p.version}`).sort();
  const hash = createHash('sha256').update(names.join(',')).digest('hex').slice(0, 10);
  return context.topics.physical(`${context.service}.projections.${hash}`);
}

export const PROJECTOR_CHECKPOINTS = 'projector_checkpoints';

/**
 * Tells the waiter where each projection records its progress, in every process (whether or not it runs
 * projectors): a request waiting for a projection applied by another replica reads it there (ADR 0052).
 */
export function trackProjections(
  waiter: ProjectionWaiter,
  projections: ProjectionDefinition[],
  db: Db,
  context: Pick<RunnerContext, 'service' | 'topics'>,
): void {
  const checkpoints = db.collection<ProjectorCheckpoint>(PROJECTOR_CHECKPOINTS);
  for (const projection of projections)
    waiter.track(projection.name, { group: consumerGroup(context, projection), checkpoints });
}

/**
 * Keeps a context's read models up to date from Kafka through one consumer group (ADR 36): each partition's batch
 * goes to every projection reading that topic, at once, each with its own writer, its own progress record in
 * `projector_checkpoints` (under the projection's own name, `<service>.<name>.v<version>`) and its own
 * read-your-writes notice as soon as it has written. One consumer instead of one per projection: an idle app
 * polls the broker a few times a second instead of fifty, and each event is fetched and decoded once.
 */
export function projectionsRunner(
  projections: ProjectionDefinition[],
  db: Db,
  waiter: ProjectionWaiter,
  context: RunnerContext,
): ConsumerRunner {
  const groupId = projectionsGroup(context, projections);
  const checkpoints = db.collection<ProjectorCheckpoint>(PROJECTOR_CHECKPOINTS);
  const topics = [...new Set(projections.flatMap((projection) => projection.topics))];
  const readers = new Map<string, ProjectionDefinition[]>(
    topics.map((topic) => [
      context.topics.physical(topic),
      projections.filter((projection) => projection.topics.includes(topic)),
    ]),
  );
  return new ConsumerRunner(context.kafka, context.topics, {
    groupId,
    topics,
    logger: context.logger,
    // One projection per consumer had 3 partitions in hand each; one consumer for all keeps as many busy.
    partitionsConsumedConcurrently: Math.min(24, 3 * projections.length),
    onLag: (topic, partition, lag) => context.onLag?.(groupId, topic, partition, lag),
    handleBatch: async (events, { topic, partition, lastOffset, highWatermark }) => {
      await Promise.all(
        (readers.get(topic) ?? []).map(async (projection) => {
          const writer = new ReadModelWriter(db);
          for (const event of events) await projection.apply(event, writer);
          await writer.flush();
          const group = consumerGroup(context, projection);
          await checkpoints.updateOne(
            { _id: `${group}|${topic}|${partition}` },
            { $set: { group, topic, partition, offset: lastOffset, highWatermark, at: new Date() } },
            { upsert: true },
          );
          waiter.notify(projection.name, events);
        }),
      );
    },
  });
}
