import type { Consumer, ConsumerConfig, EachBatchPayload, Kafka } from 'kafkajs';
import type { EventEnvelope } from '@forum/contracts';
import { BusLogger, decodeEvent, restartAfterCrash, retryingKafka, TopicRegistry } from './kafka';

export interface BatchPosition {
  topic: string;
  partition: number;
  /** Each event's offset in the partition (messages that do not decode are dropped from both lists). */
  offsets: string[];
  lastOffset: string;
  highWatermark: string;
  /** Tells the group coordinator the consumer is alive: call it between slices of a long batch. */
  heartbeat(): Promise<void>;
}

export interface ConsumerRunnerOptions {
  /** `<service>.<name>.v<version>` */
  groupId: string;
  topics: string[];
  /** Handles one partition's batch, in order; offsets are committed only after it resolves. */
  handleBatch(events: EventEnvelope[], position: BatchPosition): Promise<void>;
  /** Runs before each (re)start joins the group: load what the handler keeps beside the group's offsets. */
  prepare?(): Promise<void>;
  /** Runs once the consumer has left the group on `stop()`. */
  stopped?(): Promise<void>;
  logger?: BusLogger;
  onLag?(topic: string, partition: number, lag: number): void;
  partitionsConsumedConcurrently?: number;
}

/** The batch being handled per `<group>|<topic>|<partition>` in this process (ConsumerRunner.eachBatch). */
const inHand = new Map<string, Promise<void>>();

/** A long-lived consumer's settings: the runners' and the page renderer's (`KAFKA_FETCH_WAIT_MS` is `fetchWaitMs`). */
export function consumerSettings(groupId: string, fetchWaitMs: number): ConsumerConfig {
  return {
    groupId,
    // One batch's writes are a few round trips, but on a saturated machine (load 30 on two cores, measured) they
    // took more than 10 s: the group dropped the member, the batch was redelivered and dropped again. 30 s
    // keeps it; a crashed consumer's partitions move after that long (a clean stop leaves the group at once).
    sessionTimeout: 30_000,
    // kafkajs heartbeats after a fetch once this long has passed: at rest every fetch comes back empty after the
    // fetch hold, so 1 s meant one heartbeat per fetch — half the requests of an idle app. Every other fetch is
    // plenty for a 30 s session (tests, with a 100 ms hold, keep 1 s and so notice a rebalance as soon).
    heartbeatInterval: Math.max(1000, 2 * fetchWaitMs),
    maxWaitTimeInMs: fetchWaitMs,
    retry: { retries: Number.MAX_SAFE_INTEGER, initialRetryTime: 200, maxRetryTime: 5000 },
  };
}

/**
 * A kafkajs consumer group with manual offset commits after the handler's writes: a crash re-delivers the
 * batch, never skips it. A failing batch is retried with back-off without committing.
 */
export class ConsumerRunner {
  private consumer: Consumer | null = null;
  private stopping: Promise<void> | null = null;

  constructor(
    private readonly kafka: Kafka,
    private readonly topics: TopicRegistry,
    private readonly options: ConsumerRunnerOptions,
  ) {}

  get groupId(): string {
    return this.options.groupId;
  }

  async start(): Promise<void> {
    this.stopping = null;
    await this.topics.ensure(this.options.topics);
    await this.options.prepare?.();
    const consumer = this.kafka.consumer(consumerSettings(this.options.groupId, this.topics.fetchWaitMs));
    this.consumer = consumer;
    restartAfterCrash(
      consumer,
      () => this.start(),
      () => this.consumer === consumer,
      this.options.logger,
    );
    await consumer.connect();
    const topics = this.options.topics.map((t) => this.topics.physical(t));
    await retryingKafka(() => consumer.subscribe({ topics, fromBeginning: true }));
    await consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: this.options.partitionsConsumedConcurrently ?? 3,
      eachBatch: (payload) => this.eachBatch(payload),
    });
  }

  /**
   * Leaves the group once its fetch in flight comes back (up to the broker's fetch hold). Calling it again returns
   * the same stop, so a shutdown can start every consumer's stop at once and wait for them afterwards.
   */
  stop(): Promise<void> {
    if (!this.stopping) {
      const consumer = this.consumer;
      this.consumer = null;
      this.stopping = consumer ? consumer.disconnect().then(() => this.options.stopped?.()) : Promise.resolve();
    }
    return this.stopping;
  }

  /**
   * One partition's batches of one group are handled one at a time in this process. kafkajs never hands out two at
   * once, except when a consumer crashed or lost its session and started again while a batch of the old run was still
   * being written: the new run fetches that batch again from the last committed offset. Waiting for the old one keeps
   * a read model to one writer per document, which its guards rely on; once the old batch is written, the repeat is
   * skipped by them. (The likely cause of a ledger audit's mismatch seen once in CI under load: a wallet's read model
   * with one points credit counted twice at the version that credit had.)
   */
  private async eachBatch(payload: EachBatchPayload): Promise<void> {
    if (payload.batch.messages.length === 0) return;
    const key = `${this.options.groupId}|${payload.batch.topic}|${payload.batch.partition}`;
    const before = inHand.get(key);
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    inHand.set(key, mine);
    try {
      await before;
      await this.handle(payload);
    } finally {
      release();
      if (inHand.get(key) === mine) inHand.delete(key);
    }
  }

  private async handle({ batch, resolveOffset, heartbeat, isRunning, isStale }: EachBatchPayload): Promise<void> {
    const events: EventEnvelope[] = [];
    const offsets: string[] = [];
    for (const message of batch.messages) {
      const event = decodeEvent(message.value);
      if (!event) continue;
      events.push(event);
      offsets.push(message.offset);
    }
    for (let attempt = 0; ; attempt++) {
      if (!isRunning() || isStale()) return;
      try {
        await this.options.handleBatch(events, {
          topic: batch.topic,
          partition: batch.partition,
          offsets,
          lastOffset: batch.lastOffset(),
          highWatermark: batch.highWatermark,
          heartbeat,
        });
        break;
      } catch (error) {
        this.options.logger?.error(
          { err: error, group: this.options.groupId, topic: batch.topic, partition: batch.partition, attempt },
          'consumer: batch failed, retrying',
        );
        await new Promise((resolve) => setTimeout(resolve, Math.min(5000, 100 * 2 ** attempt)));
        await heartbeat();
      }
    }
    const last = batch.lastOffset();
    resolveOffset(last);
    await this.consumer?.commitOffsets([
      { topic: batch.topic, partition: batch.partition, offset: (BigInt(last) + 1n).toString() },
    ]);
    this.options.onLag?.(batch.topic, batch.partition, Math.max(0, Number(batch.highWatermark) - Number(last) - 1));
    await heartbeat();
  }
}
