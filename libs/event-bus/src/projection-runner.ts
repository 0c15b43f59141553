import type { Db } from 'mongodb';
import type { Kafka } from 'kafkajs';
import { ConsumerRunner } from './consumer-runner';
import { BusLogger, TopicRegistry } from './kafka';
import type { ProjectionDefinition, ReactorDefinition } from './projection';
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
export function consumerGroup(context: RunnerContext, definition: { name: string; version: number }): string {
  return context.topics.physical(`${context.service}.${definition.name}.v${definition.version}`);
}

/** Keeps a projection's read model up to date from Kafka and records progress in `projector_checkpoints`. */
export function projectionRunner(
  projection: ProjectionDefinition,
  db: Db,
  waiter: ProjectionWaiter,
  context: RunnerContext,
): ConsumerRunner {
  const groupId = consumerGroup(context, projection);
  const checkpoints = db.collection<ProjectorCheckpoint>('projector_checkpoints');
  return new ConsumerRunner(context.kafka, context.topics, {
    groupId,
    topics: projection.topics,
    logger: context.logger,
    onLag: (topic, partition, lag) => context.onLag?.(groupId, topic, partition, lag),
    handleBatch: async (events, { topic, partition, lastOffset, highWatermark }) => {
      const writer = new ReadModelWriter(db);
      for (const event of events) await projection.apply(event, writer);
      await writer.flush();
      await checkpoints.updateOne(
        { _id: `${groupId}|${topic}|${partition}` },
        { $set: { group: groupId, topic, partition, offset: lastOffset, highWatermark, at: new Date() } },
        { upsert: true },
      );
      waiter.notify(projection.name, events);
    },
  });
}

/** Runs a process manager: each event's handler issues idempotent commands; failures are retried. */
export function reactorRunner(reactor: ReactorDefinition, context: RunnerContext): ConsumerRunner {
  const groupId = consumerGroup(context, reactor);
  return new ConsumerRunner(context.kafka, context.topics, {
    groupId,
    topics: reactor.topics,
    logger: context.logger,
    partitionsConsumedConcurrently: reactor.parallelism?.partitions ?? 1,
    onLag: (topic, partition, lag) => context.onLag?.(groupId, topic, partition, lag),
    handleBatch: async (events, { heartbeat }) => {
      const width = reactor.parallelism?.events ?? 1;
      for (let next = 0; next < events.length; next += width) {
        await Promise.all(events.slice(next, next + width).map((event) => reactor.handle(event)));
        // A batch of thousands of events outlasts the session timeout: without this the group drops the member.
        // Not after the last slice: the runner heartbeats after committing, and a broker round trip here would
        // only delay the next batch.
        if (next + width < events.length) await heartbeat();
      }
    },
  });
}
