import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Db } from 'mongodb';
import { APP_CONFIG, CONTEXT_DB } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { EmailComposer } from './email-composer';
import type { EmailItem } from './email-messages';
import { EMAIL_RECIPIENTS, reachable } from './email-preferences.projection';
import type { EmailRecipientDocument } from './email-preferences.projection';
import { EmailPreferences } from './email-preferences';
import { EmailQueue } from './email-queue';
import type { SendState } from './email-queue';

/**
 * Per member (`_id` = memberId): what their next digest will gather, `items.<itemId>`. One document read per member
 * (no `_id` range scan on the stand-in); a digest takes the items it sent out of it and leaves later ones.
 */
export const EMAIL_DIGESTS = 'email_digests';

interface DigestDocument {
  _id: string;
  items?: Record<string, EmailItem>;
}

const CHECK_EVERY_MS = 10 * 60_000;
const DAY_MS = 86_400_000;

/**
 * The daily digest: one email per member per calendar day with everything that happened before that day and was
 * not in a digest yet ("since the last one"). The digest's record is keyed `digest|<member>|<day>`, so a second
 * replica running the same job, or a rerun after a crash, adds nothing.
 */
@Injectable()
export class EmailDigests implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('messaging-email-digests');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queue: EmailQueue,
    private readonly composer: EmailComposer,
    private readonly preferences: EmailPreferences,
  ) {}

  private get digests() {
    return this.db.collection<DigestDocument>(EMAIL_DIGESTS);
  }

  onApplicationBootstrap(): void {
    if (!this.config.RUN_WORKERS) return;
    this.timer = setInterval(() => {
      this.running ??= this.run(new Date())
        .catch((error: unknown) => this.logger.warn({ err: error, msg: 'digest run failed' }))
        .finally(() => (this.running = null));
    }, CHECK_EVERY_MS);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Keeps an item for the member's next digest (idempotent: the same item sets the same key). */
  async add(memberId: string, item: EmailItem): Promise<void> {
    await this.digests.updateOne({ _id: memberId }, { $set: { [`items.${item.itemId}`]: item } }, { upsert: true });
  }

  /** The digests due at `now`: for each member, what came before today. Answers each digest's outcome. */
  async run(now: Date): Promise<Map<string, SendState | null>> {
    const offset = this.composer.config.digestOffsetHours * 3_600_000;
    const today = new Date(Math.floor((now.getTime() + offset) / DAY_MS) * DAY_MS);
    const startOfToday = new Date(today.getTime() - offset).toISOString();
    const day = today.toISOString().slice(0, 10);
    const outcomes = new Map<string, SendState | null>();
    for (const document of await this.digests.find({}).toArray()) {
      const items = Object.values(document.items ?? {}).filter((item) => item.at < startOfToday);
      if (items.length === 0) continue;
      const key = await this.digestOf(document._id, items, day, now);
      if (key) outcomes.set(document._id, await this.queue.attempt(key, now).catch(() => null));
    }
    return outcomes;
  }

  private async digestOf(memberId: string, items: EmailItem[], day: string, now: Date): Promise<string | null> {
    const [recipient, preferences] = await Promise.all([
      this.db.collection<EmailRecipientDocument>(EMAIL_RECIPIENTS).findOne({ _id: memberId }),
      this.preferences.of(memberId),
    ]);
    const live = reachable(recipient);
    // A group turned to never since its items were kept is not emailed; the items are dropped all the same.
    const wanted = live ? items.filter((item) => preferences.modes[item.group] !== 'never') : [];
    if (wanted.length === 0) {
      await this.take(
        memberId,
        items.map((item) => item.itemId),
      );
      return null;
    }
    const key = `digest|${memberId}|${day}`;
    const email = this.composer.digest(memberId, this.composer.language(preferences.language), wanted);
    const record = await this.queue.enqueue(
      key,
      { ...email, memberId, kind: 'digest', itemIds: items.map((item) => item.itemId) },
      now,
    );
    // The record's items, not ours: a replica that lost the race clears exactly what the winner sent.
    await this.take(memberId, record.itemIds ?? []);
    return key;
  }

  private async take(memberId: string, itemIds: string[]): Promise<void> {
    if (itemIds.length === 0) return;
    await this.digests.updateOne(
      { _id: memberId },
      { $unset: Object.fromEntries(itemIds.map((itemId) => [`items.${itemId}`, ''])) },
    );
  }
}
