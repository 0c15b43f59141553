import { Partitioners } from 'kafkajs';
import type { Kafka, Producer } from 'kafkajs';
import { CommitDocument, EventStore, LruMap, toEnvelopes } from '@forum/event-store';
import { BusLogger, encodeEvent, eventTopic, TopicRegistry } from './kafka';

export interface OutboxRelayOptions {
  /** How often commits that no process handed over are looked for (a crash after insert, another replica). */
  sweepIntervalMs?: number;
  /** A commit younger than this is left to the process that wrote it. */
  sweepGraceMs?: number;
  maxEventsPerSend?: number;
  logger?: BusLogger;
  onBacklog?(size: number): void;
  /** Fault-injection seam for tests: runs after Kafka acknowledged, before the commits are marked published. */
  afterPublish?(commitIds: string[]): Promise<void> | void;
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

  constructor(
    private readonly store: EventStore,
    private readonly kafka: Kafka,
    private readonly topics: TopicRegistry,
    private readonly options: OutboxRelayOptions = {},
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    this.producer = this.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
      // An idempotent producer must not give up on a batch (kafkajs warns otherwise); while Kafka is away the
      // commits simply stay pending.
      retry: { retries: Number.MAX_SAFE_INTEGER, initialRetryTime: 100, maxRetryTime: 5000 },
    });
    await this.producer.connect();
    this.unsubscribe = this.store.onCommit((commits) => this.enqueue(commits));
    await this.sweep(0);
    const interval = this.options.sweepIntervalMs ?? 5000;
    this.sweepTimer = setInterval(() => void this.sweep(this.options.sweepGraceMs ?? 3000), interval);
    this.sweepTimer.unref();
  }

  /** Publishes what is pending (bounded by `timeoutMs`), then disconnects. */
  async stop(timeoutMs = 5000): Promise<void> {
    this.unsubscribe?.();
    if (this.sweepTimer) clearInterval(this.sweepTimer);
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

  private async sweep(graceMs: number): Promise<void> {
    if (this.stopped) return;
    try {
      const orphans = await this.store.findUnpublished(new Date(Date.now() - graceMs), 5000);
      if (orphans.length > 0) {
        this.options.logger?.warn({ count: orphans.length }, 'outbox relay: publishing commits left unpublished');
        this.enqueue(orphans);
      }
    } catch (error) {
      this.options.logger?.error({ err: error }, 'outbox relay: sweep failed');
    }
  }

  private async flush(): Promise<void> {
    // Let the appends of this tick join one send.
    await new Promise((resolve) => setImmediate(resolve));
    try {
      while (this.pending.size > 0 && this.producer) {
        const batch = this.takeBatch();
        const byTopic = new Map<string, { key: string; value: Buffer; headers: Record<string, string> }[]>();
        for (const commit of batch) {
          const topic = eventTopic(this.store.context, commit.streamId);
          const messages = byTopic.get(topic) ?? [];
          for (const event of toEnvelopes(commit)) {
            messages.push({
              key: commit.streamId,
              value: encodeEvent(event),
              headers: { 'event-type': event.type, 'event-id': event.id },
            });
          }
          byTopic.set(topic, messages);
        }
        await this.topics.ensure([...byTopic.keys()]);
        await this.producer.sendBatch({
          acks: -1,
          topicMessages: [...byTopic].map(([topic, messages]) => ({ topic: this.topics.physical(topic), messages })),
        });
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
      if (!this.stopped) {
        this.retryTimer = setTimeout(() => void this.kick(), 500);
      }
    } finally {
      this.flushing = null;
    }
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

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
