import { createHash } from 'node:crypto';
import type { Db } from 'mongodb';
import type { EventEnvelope } from '@forum/contracts';
import { BatchPosition, ConsumerRunner } from './consumer-runner';
import type { ReactorDefinition } from './projection';
import { retryingKafka, topicOffsets } from './kafka';
import { consumerGroup, RunnerContext } from './projection-runner';
import type { ProjectionWaiter } from './projection-waiter';

/** Where one reactor stands in one partition, beside its host's group offsets (ADR 45). */
export interface ReactorCheckpoint {
  /** `<reactor's own name>|<topic>|<partition>` */
  _id: string;
  /** `<prefix><service>.<name>.v<version>`: the group the reactor had to itself before ADR 45. */
  reactor: string;
  topic: string;
  partition: number;
  /** The last offset the reactor has handled. */
  offset: number;
  at: Date;
}

export const REACTOR_CHECKPOINTS = 'reactor_checkpoints';

/** A checkpoint may lag the reactor by this much: a replay repeats at most this long of idempotent commands. */
const CHECKPOINT_EVERY_MS = 1000;

/**
 * Tells the waiter where each reactor records its progress, in every process (whether or not it runs reactors): a
 * request waiting for a reactor that reports to the waiter (the forum's list heads) and runs in another replica
 * reads it there (ADR 0052).
 */
export function trackReactors(
  waiter: ProjectionWaiter,
  reactors: ReactorDefinition[],
  db: Db,
  context: Pick<RunnerContext, 'service' | 'topics'>,
): void {
  const checkpoints = db.collection<ReactorCheckpoint>(REACTOR_CHECKPOINTS);
  for (const reactor of reactors) waiter.track(reactor.name, { group: consumerGroup(context, reactor), checkpoints });
}

/**
 * `<prefix><service>.reactors.<hash>`: the group of one host's reactors. The hash covers their names and versions,
 * so adding a reactor or raising a version starts a new group that reads its topics from the beginning; the
 * checkpoints make the reactors that were there skip what they had handled.
 */
export function reactorsGroup(context: RunnerContext, reactors: ReactorDefinition[]): string {
  const names = reactors.map((r) => `${r.name}.v${r.version}`).sort();
  const hash = createHash('sha256').update(names.join(',')).digest('hex').slice(0, 10);
  return context.topics.physical(`${context.service}.reactors.${hash}`);
}

/**
 * Runs a host's reactors through one consumer group (ADR 45): each partition's batch goes to every reactor reading
 * that topic, at once, each at its own width and from its own checkpoint, so a batch retried because one reactor
 * failed is not handled again by the others, and a new group (a reactor added or changed) does not make the old
 * ones repeat their history. The first start after ADR 45 takes each reactor's checkpoints from the group it had
 * to itself. A reactor that must never wait for another's batch gets a host of its own.
 */
export function reactorsRunner(
  reactors: ReactorDefinition[],
  db: Db,
  context: RunnerContext,
  waiter?: ProjectionWaiter,
): ConsumerRunner {
  const groupId = reactorsGroup(context, reactors);
  const checkpoints = db.collection<ReactorCheckpoint>(REACTOR_CHECKPOINTS);
  const names = new Map(reactors.map((reactor) => [reactor, consumerGroup(context, reactor)]));
  const topics = [...new Set(reactors.flatMap((reactor) => reactor.topics))];
  const readers = new Map<string, ReactorDefinition[]>(
    topics.map((topic) => [context.topics.physical(topic), reactors.filter((r) => r.topics.includes(topic))]),
  );
  /** Last handled offset per `<reactor>|<topic>|<partition>`: read at start, kept here, written back lazily. */
  const handled = new Map<string, number>();
  const unsaved = new Set<string>();
  let savedAt = 0;

  let flushTimer: NodeJS.Timeout | null = null;
  let flushDue = Infinity;
  /** The write in flight: writes follow one another, so a later offset is never overwritten by an earlier one. */
  let saving: Promise<void> = Promise.resolve();

  /**
   * Writes soon after a batch, at most once a second: no timer runs while nothing is handled. A batch a reactor
   * waited on by requests (one reporting to the ProjectionWaiter) handled is written at once: a request in another
   * replica reads that checkpoint to see its write applied (ADR 0052).
   */
  function saveSoon(promptly = false): void {
    const due = promptly ? Date.now() : Math.max(Date.now(), savedAt + CHECKPOINT_EVERY_MS);
    if (flushTimer && flushDue <= due) return;
    if (flushTimer) clearTimeout(flushTimer);
    flushDue = due;
    const wait = due - Date.now();
    flushTimer = setTimeout(() => {
      flushTimer = null;
      save().catch((err: unknown) => {
        context.logger?.warn({ err }, 'reactors: checkpoints not written, retrying');
        saveSoon();
      });
    }, wait);
    flushTimer.unref();
  }

  function save(): Promise<void> {
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = null;
    saving = saving.catch(() => undefined).then(write);
    return saving;
  }

  async function write(): Promise<void> {
    const keys = [...unsaved];
    unsaved.clear();
    savedAt = Date.now();
    if (keys.length === 0) return;
    try {
      await checkpoints.bulkWrite(
        keys.map((key) => {
          const [reactor, topic, partition] = key.split('|') as [string, string, string];
          const at = new Date();
          const offset = handled.get(key)!;
          const $set = { reactor, topic, partition: Number(partition), offset, at };
          return { updateOne: { filter: { _id: key }, update: { $set }, upsert: true } };
        }),
        { ordered: false },
      );
    } catch (error) {
      for (const key of keys) unsaved.add(key);
      throw error;
    }
  }

  /**
   * Reads the checkpoints, drops any beyond its partition's end (the topic was made anew: its offsets restarted),
   * and gives a reactor with none the position of the group it had to itself before ADR 45, if there was one.
   */
  async function prepare(): Promise<void> {
    await save();
    handled.clear();
    const admin = context.kafka.admin();
    await retryingKafka(() => admin.connect());
    try {
      const ends = new Map<string, number>();
      for (const topic of readers.keys())
        for (const { partition, high } of await topicOffsets(admin, topic))
          ends.set(`${topic}|${partition}`, Number(high));
      const known = await checkpoints.find({ reactor: { $in: [...names.values()] } }).toArray();
      const stale: string[] = [];
      for (const { _id, topic, partition, offset } of known)
        if (offset < (ends.get(`${topic}|${partition}`) ?? 0)) handled.set(_id, offset);
        else stale.push(_id);
      if (stale.length > 0) await checkpoints.deleteMany({ _id: { $in: stale } });
      const seen = new Set(known.map((checkpoint) => checkpoint.reactor));
      const unseen = [...names.entries()].filter(([, name]) => !seen.has(name));
      const groups = new Set(
        unseen.length ? (await retryingKafka(() => admin.listGroups())).groups.map((group) => group.groupId) : [],
      );
      for (const [reactor, name] of unseen.filter(([, name]) => groups.has(name))) {
        const physical = reactor.topics.map((topic) => context.topics.physical(topic));
        for (const { topic, partitions } of await retryingKafka(() =>
          admin.fetchOffsets({ groupId: name, topics: physical }),
        ))
          for (const { partition, offset } of partitions) {
            // The group's offset is the next one to read; -1: it never committed on this partition.
            if (Number(offset) <= 0) continue;
            const key = `${name}|${topic}|${partition}`;
            handled.set(key, Number(offset) - 1);
            unsaved.add(key);
          }
      }
    } finally {
      await admin.disconnect();
    }
    await save();
  }

  async function react(reactor: ReactorDefinition, events: EventEnvelope[], heartbeat: () => Promise<void>) {
    const width = reactor.parallelism?.events ?? 1;
    for (let next = 0; next < events.length; next += width) {
      await Promise.all(events.slice(next, next + width).map((event) => reactor.handle(event)));
      // A batch of thousands of events outlasts the session timeout: without this the group drops the member.
      if (next + width < events.length) await heartbeat();
    }
  }

  async function handleBatch(events: EventEnvelope[], position: BatchPosition): Promise<void> {
    const { topic, partition, offsets, lastOffset, heartbeat } = position;
    const outcomes = await Promise.allSettled(
      (readers.get(topic) ?? []).map(async (reactor) => {
        const key = `${names.get(reactor)}|${topic}|${partition}`;
        const after = handled.get(key) ?? -1;
        const todo = events.filter((_, i) => Number(offsets[i]) > after);
        await react(reactor, todo, heartbeat);
        handled.set(key, Number(lastOffset));
        unsaved.add(key);
      }),
    );
    saveSoon((readers.get(topic) ?? []).some((reactor) => waiter?.appliesHere(reactor.name)));
    const failed = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
  }

  const runner = new ConsumerRunner(context.kafka, context.topics, {
    groupId,
    topics,
    logger: context.logger,
    partitionsConsumedConcurrently: Math.min(
      24,
      reactors.reduce((sum, reactor) => sum + (reactor.parallelism?.partitions ?? 1), 0),
    ),
    onLag: (topic, partition, lag) => context.onLag?.(groupId, topic, partition, lag),
    prepare,
    handleBatch,
    // What was handled since the last write is written at a clean stop (a crash repeats it, idempotently).
    stopped: save,
  });
  return runner;
}
