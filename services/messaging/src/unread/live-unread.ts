import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleDestroy,
} from '@nestjs/common';
import { hostname } from 'node:os';
import type { Consumer, Kafka } from 'kafkajs';
import { newId } from '@forum/contracts';
import type { ConversationEvent, EventEnvelope, InboxEvent, ReminderDeliveryEvent } from '@forum/contracts';
import {
  decodeEvent,
  disconnectOnce,
  ProjectionWaiter,
  restartAfterCrash,
  retryingKafka,
  TopicRegistry,
} from '@forum/event-bus';
import { APP_CONFIG, busLogger, KAFKA } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { conversationsProjection } from '../conversations/conversations.projection';
import { systemNotificationsProjection } from '../notifications/notifications.projection';
import { inboxProjection } from '../reminders/inbox.projection';
import { sameCount, UnreadCount, UnreadCounts } from './unread-counts';

export type UnreadListener = (count: UnreadCount) => void;

/** The messaging topics whose events change someone's unread counts, and the projection that applies each. */
const LIVE_TOPICS: Record<string, string> = {
  'messaging.conversation': conversationsProjection.name,
  'messaging.reminderDelivery': inboxProjection.name,
  'messaging.inbox': inboxProjection.name,
  'messaging.systemNotification': systemNotificationsProjection.name,
};

/**
 * Recounts after a change is heard: at once when this replica's own projector has applied it, and at these delays
 * in any case (the projector may run in another replica, or lag). Every recount pushes only when a number moved,
 * so the extra ones cost a few `_id` reads and send nothing.
 */
const RECOUNT_AFTER_MS = [150, 400, 1000, 2500];
const PROJECTION_WAIT_MS = 1000;
/** A safety net for a missed signal (a replica that joined late, a broker hiccup): every open page recounts. */
const SWEEP_EVERY_MS = 15_000;

/**
 * Live unread counts for open pages (SSE). Every replica runs its own Kafka consumer, in a group of its own
 * (`<service>.messaging-live.<host>-<pid>-<random>`), from the latest offset, on the messaging topics: so each
 * replica hears about every change, whichever replica's projector applied it, and recounts the members who have a
 * page open on THIS replica. Nothing is shared between replicas but Kafka and the read models.
 */
@Injectable()
export class LiveUnread implements OnApplicationBootstrap, OnModuleDestroy, BeforeApplicationShutdown {
  private readonly logger = new Logger('messaging-live');
  private readonly listeners = new Map<string, Set<UnreadListener>>();
  private readonly last = new Map<string, UnreadCount>();
  private readonly recounting = new Map<string, Promise<void>>();
  private readonly dirty = new Set<string>();
  private readonly enders = new Set<() => void>();
  private consumer: Consumer | null = null;
  private sweep: NodeJS.Timeout | null = null;
  private joined!: Promise<void>;

  constructor(
    private readonly counts: UnreadCounts,
    private readonly waiter: ProjectionWaiter,
    private readonly topics: TopicRegistry,
    @Inject(KAFKA) private readonly kafka: Kafka,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Resolves once this replica's consumer has its partitions (events from then on are heard). */
  ready(): Promise<void> {
    return this.joined;
  }

  get connections(): number {
    let total = 0;
    for (const set of this.listeners.values()) total += set.size;
    return total;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.listen();
    this.sweep = setInterval(() => {
      for (const memberId of this.listeners.keys()) this.recount(memberId);
    }, SWEEP_EVERY_MS);
    this.sweep.unref();
  }

  /**
   * Joins a group of its own from the latest offset. After a crash a new one joins and every open page is
   * recounted, which covers whatever happened in between.
   */
  private async listen(): Promise<void> {
    const groupId = this.topics.physical(
      `${this.config.SERVICE_NAME}.messaging-live.${hostname()}-${process.pid}-${newId().slice(-12)}`,
    );
    const consumer = this.kafka.consumer({
      groupId,
      sessionTimeout: 10_000,
      heartbeatInterval: 1000,
      maxWaitTimeInMs: this.topics.fetchWaitMs,
    });
    this.consumer = consumer;
    this.joined = new Promise<void>((resolve) => consumer.on(consumer.events.GROUP_JOIN, () => resolve()));
    restartAfterCrash(
      consumer,
      async () => {
        await this.listen();
        for (const memberId of this.listeners.keys()) this.recount(memberId);
      },
      () => this.consumer === consumer,
      busLogger(this.logger),
    );
    const topics = Object.keys(LIVE_TOPICS);
    await this.topics.ensure(topics);
    await consumer.connect();
    await retryingKafka(() =>
      consumer.subscribe({ topics: topics.map((topic) => this.topics.physical(topic)), fromBeginning: false }),
    );
    await consumer.run({
      autoCommit: true,
      eachMessage: async ({ message }) => {
        const event = decodeEvent(message.value);
        if (event) this.heard(event);
      },
    });
  }

  onModuleDestroy(): void {
    void disconnectOnce(this.consumer);
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.sweep) clearInterval(this.sweep);
    // Open streams would hold the HTTP server open: end them (the browser's EventSource reconnects elsewhere).
    for (const end of [...this.enders]) end();
    await disconnectOnce(this.consumer);
    this.consumer = null;
    this.listeners.clear();
  }

  /** Registers an open page; it gets the current counts at once, then every change. Returns the unsubscribe. */
  subscribe(memberId: string, listener: UnreadListener, end?: () => void): () => void {
    if (end) this.enders.add(end);
    const set = this.listeners.get(memberId) ?? new Set<UnreadListener>();
    set.add(listener);
    this.listeners.set(memberId, set);
    void this.counts.of(memberId).then(
      (count) => {
        this.last.set(memberId, count);
        listener(count);
      },
      (error: unknown) => this.logger.warn({ err: error, memberId, msg: 'initial count failed' }),
    );
    return () => {
      if (end) this.enders.delete(end);
      set.delete(listener);
      if (set.size === 0) {
        this.listeners.delete(memberId);
        this.last.delete(memberId);
      }
    };
  }

  private heard(event: EventEnvelope): void {
    const members = this.affected(event);
    if (members.length === 0) return;
    const projection = LIVE_TOPICS[`messaging.${event.streamId.slice(0, event.streamId.indexOf('-'))}`];
    const recountAll = () => members.forEach((memberId) => this.recount(memberId));
    const later = (delays: number[]) => delays.forEach((delay) => setTimeout(recountAll, delay).unref());
    // Where the projector runs here, its report says when to recount (one recount, and one late safety net);
    // elsewhere, recount at a few delays. Five recounts per event for every page it touches multiplied the
    // database reads of a comment storm by five.
    if (projection && this.waiter.appliesHere(projection)) {
      void this.waiter
        .waitFor(projection, event.streamId, event.version, PROJECTION_WAIT_MS)
        .then((applied) => (applied ? recountAll() : later(RECOUNT_AFTER_MS)));
      later([RECOUNT_AFTER_MS.at(-1)!]);
    } else later(RECOUNT_AFTER_MS);
  }

  /** Members with an open page here whose counts this event may change. */
  private affected(envelope: EventEnvelope): string[] {
    const event = envelope as EventEnvelope & (ConversationEvent | ReminderDeliveryEvent | InboxEvent);
    let members: string[];
    switch (event.type) {
      case 'PrivateMessageSent':
        members = [event.data.fromMemberId, event.data.toMemberId];
        break;
      case 'RemindersDelivered':
        members = event.data.recipients.map((recipient) => recipient.memberId);
        break;
      default:
        if (envelope.type.startsWith('SystemNotification') && !('memberId' in (envelope.data as object))) {
          members = [...this.listeners.keys()];
        } else {
          const { memberId } = envelope.data as { memberId?: string };
          members = memberId ? [memberId] : [];
        }
    }
    return members.filter((memberId) => this.listeners.has(memberId));
  }

  /** One recount at a time per member; a change heard meanwhile runs one more after it. */
  private recount(memberId: string): void {
    if (this.recounting.has(memberId)) {
      this.dirty.add(memberId);
      return;
    }
    const run = this.counts
      .of(memberId)
      .then((count) => {
        if (sameCount(this.last.get(memberId) ?? null, count)) return;
        this.last.set(memberId, count);
        for (const listener of this.listeners.get(memberId) ?? []) listener(count);
      })
      .catch((error: unknown) => this.logger.warn({ err: error, memberId, msg: 'recount failed' }))
      .finally(() => {
        this.recounting.delete(memberId);
        if (this.dirty.delete(memberId) && this.listeners.has(memberId)) this.recount(memberId);
      });
    this.recounting.set(memberId, run);
  }
}
