import { randomUUID } from 'node:crypto';
import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleDestroy,
} from '@nestjs/common';
import type { Consumer, Kafka } from 'kafkajs';
import { DEFAULT_SITE_SETTINGS, siteSettingsSchema } from '@forum/contracts';
import type { SiteSettings } from '@forum/contracts';
import { decodeEvent, disconnectOnce, restartAfterCrash, TopicRegistry, topicOffsets } from '@forum/event-bus';
import { busLogger } from '../event-sourcing/event-sourcing.module';
import { APP_CONFIG } from '../config';
import type { AppConfig } from '../config';
import { KAFKA } from '../platform.tokens';

const SETTINGS_TOPIC = 'moderation.settings';
const CATCH_UP_MS = 10_000;

/**
 * Every process's copy of the site settings, fed by the moderation context's `SettingsChanged` events over
 * Kafka (a consumer group of its own per process, replaying the short settings stream at start). Any context
 * reads switches and modes from here without touching moderation's database.
 */
@Injectable()
export class SiteSettingsCache implements OnApplicationBootstrap, OnModuleDestroy, BeforeApplicationShutdown {
  private readonly logger = new Logger('settings');
  private settings: SiteSettings = DEFAULT_SITE_SETTINGS;
  private consumer: Consumer | null = null;
  private readonly groupId: string;

  constructor(
    @Inject(KAFKA) private readonly kafka: Kafka,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly topics: TopicRegistry,
  ) {
    this.groupId = topics.physical(`${config.SERVICE_NAME}.settings-cache.${randomUUID()}`);
  }

  current(): SiteSettings {
    return this.settings;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.topics.ensure([SETTINGS_TOPIC]);
    const topic = this.topics.physical(SETTINGS_TOPIC);
    const admin = this.kafka.admin();
    await admin.connect();
    const ends = await topicOffsets(admin, topic).finally(() => admin.disconnect());
    const endAtStart = new Map(ends.map((p) => [p.partition, Number(p.high)]));
    const consumed = new Map<number, number>();
    let caughtUp: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => (caughtUp = resolve));
    const check = () => {
      if ([...endAtStart].every(([partition, end]) => (consumed.get(partition) ?? 0) >= end)) caughtUp();
    };
    check();
    await this.follow(topic, (partition, offset) => {
      consumed.set(partition, offset + 1);
      check();
    });
    const timedOut = await Promise.race([
      ready.then(() => false),
      new Promise<boolean>((r) => setTimeout(() => r(true), CATCH_UP_MS).unref()),
    ]);
    if (timedOut) this.logger.warn('settings: not caught up at start; serving what has arrived so far');
  }

  /** Applies the settings stream; the same group resumes where it was after a crash. */
  private async follow(topic: string, onConsumed: (partition: number, offset: number) => void): Promise<void> {
    const consumer = this.kafka.consumer({ groupId: this.groupId, maxWaitTimeInMs: this.topics.fetchWaitMs });
    this.consumer = consumer;
    restartAfterCrash(
      consumer,
      () => this.follow(topic, () => undefined),
      () => this.consumer === consumer,
      busLogger(this.logger),
    );
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ partition, message }) => {
        const event = decodeEvent(message.value);
        if (event?.type === 'SettingsChanged') {
          const changes = (event.data as { changes: object }).changes;
          const merged = siteSettingsSchema.safeParse({ ...this.settings, ...changes });
          if (merged.success) this.settings = merged.data;
        }
        onConsumed(partition, Number(message.offset));
      },
    });
  }

  onModuleDestroy(): void {
    void disconnectOnce(this.consumer);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await disconnectOnce(this.consumer);
    this.consumer = null;
    const admin = this.kafka.admin();
    await admin.connect();
    await admin.deleteGroups([this.groupId]).catch(() => undefined);
    await admin.disconnect();
  }
}
