import { Admin, Consumer, Kafka, logLevel, LogEntry } from 'kafkajs';
import { EventEnvelope, streamCategory, upcast } from '@forum/contracts';
// Before any client is made: kafkajs's idle request-queue loop, replaced (see the file).
import './kafkajs-request-queue';

export interface KafkaSettings {
  brokers: string[];
  clientId: string;
  /** Prepended to every topic name: lets several test suites or environments share one broker. */
  topicPrefix: string;
  /** Partitions of each event topic (streams are spread by key; one stream stays in one partition). */
  partitions: number;
  /**
   * How long the broker holds a consumer's fetch when nothing is new. Not a delay: a fetch is answered as soon as
   * an event arrives. What it sets is how often every idle consumer asks again, and how long stopping one waits
   * for its fetch to come back.
   */
  fetchWaitMs: number;
}

export interface BusLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export function createKafka(settings: KafkaSettings, logger?: BusLogger): Kafka {
  return new Kafka({
    clientId: settings.clientId,
    brokers: settings.brokers,
    logLevel: logLevel.WARN,
    retry: { initialRetryTime: 100, retries: 10 },
    logCreator:
      () =>
      ({ level, log }: LogEntry) => {
        const { message, ...rest } = log;
        if (!logger) return;
        // kafkajs logs a protocol error response ("Response …") before retrying it: a warning, not a failure.
        if (level <= logLevel.ERROR && !message.startsWith('Response ')) logger.error({ kafka: rest }, message);
        else logger.warn({ kafka: rest }, message);
      },
  });
}

/** `forum.topic` for stream `topic-…` of the forum context: one Kafka topic per context and aggregate. */
export function eventTopic(context: string, streamId: string): string {
  return `${context}.${streamCategory(streamId)}`;
}

export function encodeEvent(event: EventEnvelope): Buffer {
  return Buffer.from(JSON.stringify(event));
}

/** Reads a published event, upgrading an old payload schema to the current one. */
export function decodeEvent(value: Buffer | null): EventEnvelope | null {
  if (!value) return null;
  const event = JSON.parse(value.toString()) as EventEnvelope;
  return { ...event, ...upcast(event.type, event.schemaVersion, event.data) };
}

/** Creates event topics once per process, with the configured partitions and unlimited retention. */
export class TopicRegistry {
  private readonly known = new Map<string, Promise<void>>();
  private admin: Admin | null = null;

  constructor(
    private readonly kafka: Kafka,
    private readonly settings: KafkaSettings,
  ) {}

  physical(topic: string): string {
    return `${this.settings.topicPrefix}${topic}`;
  }

  /** `KafkaSettings.fetchWaitMs`, for every consumer of the process. */
  get fetchWaitMs(): number {
    return this.settings.fetchWaitMs;
  }

  ensure(topics: string[]): Promise<void> {
    const missing = topics.map((topic) => this.physical(topic)).filter((topic) => !this.known.has(topic));
    if (missing.length > 0) {
      const creation = this.create(missing);
      for (const topic of missing) this.known.set(topic, creation);
      creation.catch(() => missing.forEach((topic) => this.known.delete(topic)));
    }
    return Promise.all(topics.map((topic) => this.known.get(this.physical(topic)))).then(() => undefined);
  }

  async close(): Promise<void> {
    await this.admin?.disconnect();
    this.admin = null;
  }

  private async create(topics: string[]): Promise<void> {
    if (!this.admin) {
      this.admin = this.kafka.admin();
      await this.admin.connect();
    }
    const admin = this.admin;
    // Creating a topic that exists is a no-op, so the whole call can be retried when waiting for the leaders
    // meets metadata that is still propagating.
    await retryingKafka(() =>
      admin.createTopics({
        waitForLeaders: true,
        topics: topics.map((topic) => ({
          topic,
          numPartitions: this.settings.partitions,
          configEntries: [{ name: 'retention.ms', value: '-1' }],
        })),
      }),
    );
  }
}

/**
 * Retries a Kafka admin call that can fail for a moment after a topic was created (metadata still
 * propagating: "This server does not host this topic-partition"), for up to `timeoutMs`.
 */
export async function retryingKafka<T>(call: () => Promise<T>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 100; ; delay = Math.min(delay * 2, 1000)) {
    try {
      return await call();
    } catch (error) {
      if (Date.now() + delay > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/**
 * A topic's partition offsets (`admin.fetchTopicOffsets`), retried like `retryingKafka`, with the admin's metadata
 * read anew before each retry. kafkajs keeps the partition leaders it saw when the topic was new and retries only an
 * unknown topic itself: a "not the leader for that topic-partition" answer repeats until the metadata is refreshed.
 * Seen when a fresh cluster's eleven processes made their topics at once (ADR 0051): a replica crashed at start. The
 * broker itself took 50 s to give every new partition a leader there (load 28 on two cores): hence the longer bound.
 */
export function topicOffsets(admin: Admin, topic: string, timeoutMs = 60_000): ReturnType<Admin['fetchTopicOffsets']> {
  let attempt = 0;
  return retryingKafka(async () => {
    if (attempt++ > 0) await admin.fetchTopicMetadata({ topics: [topic] }).catch(() => undefined);
    return admin.fetchTopicOffsets(topic);
  }, timeoutMs);
}

/**
 * kafkajs restarts a crashed consumer only after a retriable error. Under load a group can drop a member ("The
 * coordinator is not aware of this member", measured on a 2-core machine at load 10): that error is not
 * retriable, and the consumer then stays stopped for good — a projection silently stalls. This starts it again
 * (`start` makes a fresh consumer) unless `stillWanted()` says it was stopped meanwhile.
 */
export function restartAfterCrash(
  consumer: Consumer,
  start: () => Promise<void>,
  stillWanted: () => boolean,
  logger?: BusLogger,
): void {
  consumer.on(consumer.events.CRASH, ({ payload }) => {
    if (payload.restart || !stillWanted()) return;
    logger?.warn({ err: payload.error, groupId: payload.groupId }, 'kafka consumer crashed: starting it again');
    const again = (delayMs: number) =>
      setTimeout(() => {
        if (!stillWanted()) return;
        void consumer
          .disconnect()
          .catch(() => undefined)
          .then(() => (stillWanted() ? start() : undefined))
          .catch((error: unknown) => {
            logger?.error({ err: error, groupId: payload.groupId }, 'kafka consumer did not start again: retrying');
            again(Math.min(delayMs * 2, 30_000));
          });
      }, delayMs).unref();
    again(1000);
  });
}

const disconnecting = new WeakMap<Consumer, Promise<void>>();

/**
 * A consumer's disconnect, started once: a shutdown starts every consumer's at once (`onModuleDestroy`, which Nest
 * calls in every module first) and waits for it later (`beforeApplicationShutdown`). A disconnect waits for the
 * fetch in flight, up to the broker's hold (`KafkaSettings.fetchWaitMs`).
 */
export function disconnectOnce(consumer: Consumer | null): Promise<void> {
  if (!consumer) return Promise.resolve();
  let done = disconnecting.get(consumer);
  if (!done) {
    done = consumer.disconnect();
    disconnecting.set(consumer, done);
  }
  return done;
}
