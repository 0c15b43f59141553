import { Partitioners } from 'kafkajs';
import type { ICustomPartitioner, Kafka, Message, Producer, RecordMetadata } from 'kafkajs';
import { CommitDocument, EventStore, LruMap, toEnvelopes } from '@forum/event-store';
import { BusLogger, encodeEvent, eventTopic, TopicRegistry } from './kafka';
import type { PublishedEvent } from './projection-waiter';

export interface OutboxRelayOptions {
  /**
   * How often commits that no process handed over are looked for (a crash after insert, another replica) at
   * first; each sweep that finds none doubles the wait, up to `sweepMaxIntervalMs`.
   */
  sweepIntervalMs?: number;
  sweepMaxIntervalMs?: number;
  /** A commit younger than this is left to the process that wrote it. */
  sweepGraceMs?: number;
  maxEventsPerSend?: number;
  logger?: BusLogger;
  onBacklog?(size: number): void;
  /** Fault-injection seam for tests: runs after Kafka acknowledged, before the commits are marked published. */
  afterPublish?(commitIds: string[]): Promise<void> | void;
  /**
   * Where each published event landed (physical topic, partition, offset), once Kafka acknowledged it: the
   * ProjectionWaiter of this process, so a request can see its write applied by a projector in another process.
   */
  onPublished?(events: PublishedEvent[]): void;
}

/**
 * Publishes committed events to Kafka (idempotent producer, acks from all replicas, key = stream id so a stream
 * stays ordered in its partition), then marks the commits published. Appends in this process are handed over
 * at once; a periodic sweep finds the rest. At-least-once: a crash between publish and mark republishes.
 */
export class OutboxRelay {
  private readonly pending = new Map<string, CommitDocument>();
  private readonly recentlyPublished = new LruMap<string, true>(50_000);
  private producer: Producer | null = null;
  private unsubscribe: (() => void) | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private stopped = true;
  /** The partition the producer's partitioner chose for each message of the send in flight. */
  private readonly placed = new WeakMap<Message, number>();

  constructor(
    private readonly store: EventStore,
    private readonly kafka: Kafka,
    private readonly topics: TopicRegistry,
    private readonly options: OutboxRelayOptions = {},
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    this.producer = await this.connectProducer();
    this.unsubscribe = this.store.onCommit((commits) => this.enqueue(commits));
    await this.sweep(0);
    this.scheduleSweep(this.options.sweepIntervalMs ?? 5000);
  }

  /** Publishes what is pending (bounded by `timeoutMs`), then disconnects. */
  async stop(timeoutMs = 5000): Promise<void> {
    this.unsubscribe?.();
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const deadline = Date.now() + timeoutMs;
    while (this.pending.size > 0 && Date.now() < deadline) {
      await Promise.race([this.kick(), sleep(deadline - Date.now())]);
    }
    this.stopped = true;
    await Promise.race([this.flushing, sleep(Math.max(0, deadline - Date.now()))]);
    await this.producer?.disconnect();
    this.producer = null;
  }

  get backlog(): number {
    return this.pending.size;
  }

  /** Resolves once everything handed over so far is published (tests and graceful shutdown). */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await this.kick();
  }

  private enqueue(commits: CommitDocument[]): void {
    if (this.stopped) return;
    for (const commit of commits) {
      if (!this.recentlyPublished.has(commit._id)) this.pending.set(commit._id, commit);
    }
    this.options.onBacklog?.(this.pending.size);
    void this.kick();
  }

  private kick(): Promise<void> {
    if (!this.flushing) this.flushing = this.flush();
    return this.flushing;
  }

  /**
   * The sweep's query is a full scan of the commits on the Mongo stand-in (an index serves it on MongoDB): at a
   * million commits, one every 5 s held the commits collection for seconds at a time. Orphans are rare, so an
   * empty sweep waits twice as long next time; one that finds orphans goes back to the first interval.
   */
  private scheduleSweep(afterMs: number): void {
    const first = this.options.sweepIntervalMs ?? 5000;
    const longest = Math.max(first, this.options.sweepMaxIntervalMs ?? 60_000);
    this.sweepTimer = setTimeout(() => {
      void this.sweep(this.options.sweepGraceMs ?? 3000).then((found) => {
        if (!this.stopped) this.scheduleSweep(found > 0 ? first : Math.min(longest, afterMs * 2));
      });
    }, afterMs);
    this.sweepTimer.unref();
  }

  /** Hands over commits left unpublished for longer than `graceMs`; returns how many it found. */
  private async sweep(graceMs: number): Promise<number> {
    if (this.stopped) return 0;
    try {
      const orphans = await this.store.findUnpublished(new Date(Date.now() - graceMs), 5000);
      if (orphans.length > 0) {
        this.options.logger?.warn({ count: orphans.length }, 'outbox relay: publishing commits left unpublished');
        this.enqueue(orphans);
      }
      return orphans.length;
    } catch (error) {
      this.options.logger?.error({ err: error }, 'outbox relay: sweep failed');
      return 0;
    }
  }

  private async flush(): Promise<void> {
    // Let the appends of this tick join one send.
    await new Promise((resolve) => setImmediate(resolve));
    try {
      if (!this.producer && !this.stopped && this.pending.size > 0) this.producer = await this.connectProducer();
      while (this.pending.size > 0 && this.producer) {
        const batch = this.takeBatch();
        const byTopic = new Map<string, Message[]>();
        const events = new Map<Message, { streamId: string; version: number }>();
        for (const commit of batch) {
          const topic = eventTopic(this.store.context, commit.streamId);
          const messages = byTopic.get(topic) ?? [];
          for (const event of toEnvelopes(commit)) {
            const message: Message = {
              key: commit.streamId,
              value: encodeEvent(event),
              headers: { 'event-type': event.type, 'event-id': event.id },
            };
            messages.push(message);
            events.set(message, { streamId: commit.streamId, version: event.version });
          }
          byTopic.set(topic, messages);
        }
        await this.topics.ensure([...byTopic.keys()]);
        const topicMessages = [...byTopic].map(([topic, messages]) => ({
          topic: this.topics.physical(topic),
          messages,
        }));
        const acknowledged = await this.producer.sendBatch({ acks: -1, topicMessages });
        if (this.options.onPublished) this.options.onPublished(this.positions(topicMessages, acknowledged, events));
        const ids = batch.map((commit) => commit._id);
        await this.options.afterPublish?.(ids);
        await this.store.markPublished(ids);
        for (const id of ids) {
          this.pending.delete(id);
          this.recentlyPublished.set(id, true);
        }
        this.options.onBacklog?.(this.pending.size);
      }
    } catch (error) {
      this.options.logger?.error(
        { err: error, backlog: this.pending.size },
        'outbox relay: publish failed, will retry',
      );
      if (isFatalForProducer(error)) await this.dropProducer();
      if (!this.stopped) {
        this.retryTimer = setTimeout(() => void this.kick(), 500);
      }
    } finally {
      this.flushing = null;
    }
  }

  private async connectProducer(): Promise<Producer> {
    const producer = this.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      createPartitioner: this.recordingPartitioner(Partitioners.DefaultPartitioner),
      // An idempotent producer must not give up on a batch (kafkajs warns otherwise); while Kafka is away the
      // commits simply stay pending.
      retry: { retries: Number.MAX_SAFE_INTEGER, initialRetryTime: 100, maxRetryTime: 5000 },
    });
    await producer.connect();
    return producer;
  }

  /**
   * A broker that lost its producer state (killed and restarted) answers every later send of this producer id
   * with a sequence or epoch error that no retry cures. A new producer gets a new id; the batch is sent again,
   * which at-least-once delivery allows (consumers drop duplicates by event id).
   */
  private async dropProducer(): Promise<void> {
    const old = this.producer;
    this.producer = null;
    await old?.disconnect().catch(() => undefined);
    this.options.logger?.warn(
      {},
      'outbox relay: producer dropped after a fatal producer error; the next send connects a new one',
    );
  }

  /**
   * The producer's own partitioner (kafkajs's DefaultPartitioner: murmur2 of the key modulo the topic's partition
   * count, as the Java client), noting what it chose for each message: a send's answer gives one base offset per
   * partition, and the messages of a partition are written in the order they were given, from that offset on.
   */
  private recordingPartitioner(create: ICustomPartitioner): ICustomPartitioner {
    return () => {
      const partitioner = create();
      return (args) => {
        const partition = partitioner(args);
        this.placed.set(args.message, partition);
        return partition;
      };
    };
  }

  /** Each event's topic, partition and offset, from the partitions chosen and the base offsets acknowledged. */
  private positions(
    topicMessages: { topic: string; messages: Message[] }[],
    acknowledged: RecordMetadata[],
    events: Map<Message, { streamId: string; version: number }>,
  ): PublishedEvent[] {
    const base = new Map(
      acknowledged
        .filter((record) => record.baseOffset !== undefined && Number(record.baseOffset) >= 0)
        .map((record) => [`${record.topicName}|${record.partition}`, Number(record.baseOffset)]),
    );
    const positions: PublishedEvent[] = [];
    for (const { topic, messages } of topicMessages) {
      const next = new Map<number, number>();
      for (const message of messages) {
        const partition = this.placed.get(message);
        const event = events.get(message);
        const first = base.get(`${topic}|${partition}`);
        if (partition === undefined || event === undefined || first === undefined) continue;
        const index = next.get(partition) ?? 0;
        next.set(partition, index + 1);
        positions.push({ ...event, topic, partition, offset: first + index });
      }
    }
    return positions;
  }

  private takeBatch(): CommitDocument[] {
    const limit = this.options.maxEventsPerSend ?? 2000;
    const batch: CommitDocument[] = [];
    let events = 0;
    for (const commit of this.pending.values()) {
      if (batch.length > 0 && events + commit.events.length > limit) break;
      batch.push(commit);
      events += commit.events.length;
    }
    return batch;
  }
}

/** OUT_OF_ORDER_SEQUENCE_NUMBER, INVALID_PRODUCER_EPOCH, UNKNOWN_PRODUCER_ID, or a non-retriable wrapper of one. */
const FATAL_PRODUCER_ERRORS = new Set([
  'OUT_OF_ORDER_SEQUENCE_NUMBER',
  'INVALID_PRODUCER_EPOCH',
  'UNKNOWN_PRODUCER_ID',
]);

function isFatalForProducer(error: unknown): boolean {
  for (let e = error as { type?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.type && FATAL_PRODUCER_ERRORS.has(e.type)) return true;
  }
  return false;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
