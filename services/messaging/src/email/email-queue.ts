import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Db } from 'mongodb';
import { APP_CONFIG, CONTEXT_DB, PeriodicJob } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { EMAIL_RECIPIENTS, reachable } from './email-preferences.projection';
import type { EmailRecipientDocument } from './email-preferences.projection';
import { MemberMailer } from './member-mailer';
import type { MemberEmail } from './member-mailer';

/**
 * One record per email that was ever due, `_id` = its send key: `reminder|<member>|<reminderId>`,
 * `pm|<member>|<messageId>`, `digest|<member>|<day>`. Creating it is an insert on `_id`, so a replayed reminder,
 * a second reactor or a second replica's digest job finds it and adds nothing: an email is due once.
 */
export const EMAIL_SENDS = 'email_sends';
/**
 * The send keys not yet sent or given up, with when to try next. Kept apart from the records so the retry sweep
 * reads a small collection (on the MongoDB-wire stand-in, anything but `_id` is a scan).
 */
export const EMAIL_QUEUE = 'email_queue';

/** `digested`: a reminder recorded for the member's next digest (the digest then has a record of its own). */
export type SendState = 'queued' | 'sent' | 'skipped' | 'failed' | 'digested';

export interface EmailSendDocument {
  _id: string;
  memberId: string;
  kind: 'reminder' | 'pm' | 'digest';
  state: SendState;
  subject?: string;
  /** Dropped once sent: the record then only proves the email went out. */
  text?: string;
  headers?: Record<string, string>;
  /** A digest: the pending items it took (so a replica that lost the race clears the same ones). */
  itemIds?: string[];
  attempts: number;
  createdAt: string;
  sentAt?: string;
  lastError?: string;
}

interface QueueDocument {
  _id: string;
  notBefore: string;
  leaseUntil: string;
}

/** Attempts before an email is given up (a bounce, a mailbox that never accepts): it then blocks nothing. */
export const MAX_ATTEMPTS = 8;
/** How long a dispatcher owns an email it is sending; past it, another may try (the first one crashed). */
const LEASE_MS = 2 * 60_000;
const SWEEP_EVERY_MS = 15_000;
/** Sends at once in a sweep: one slow or failing mailbox does not hold the others back. */
const SWEEP_CONCURRENCY = 4;

/** Waits after the n-th failed attempt: 30 s, 1 min, 2 min … at most an hour. */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 3_600_000);

const isDuplicateKey = (error: unknown) => (error as { code?: number }).code === 11000;
const EPOCH = new Date(0).toISOString();

/**
 * Email notifications' delivery: an idempotent record per email, a retry queue, a sweep where workers run. The
 * SMTP server accepting a mail and the record turning `sent` are two steps: a crash between them sends that one
 * email again after the lease (at least once towards SMTP, exactly once in every other case, retries included).
 */
@Injectable()
export class EmailQueue implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('messaging-email');
  private readonly job = new PeriodicJob({
    name: 'messaging-email',
    what: 'email sweep',
    everyMs: SWEEP_EVERY_MS,
    round: () => this.sendDue(new Date()),
  });
  private readonly sending = new Set<Promise<unknown>>();

  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mailer: MemberMailer,
  ) {}

  private get sends() {
    return this.db.collection<EmailSendDocument>(EMAIL_SENDS);
  }

  private get queue() {
    return this.db.collection<QueueDocument>(EMAIL_QUEUE);
  }

  onApplicationBootstrap(): void {
    if (this.config.RUN_WORKERS) this.job.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.allSettled([this.job.stop(), ...this.sending]);
  }

  /**
   * Records the email as due (once per key) and queues it. Answers the record: a new one, or the one an earlier
   * call made (whose message wins).
   */
  async enqueue(
    key: string,
    email: MemberEmail & { memberId: string; kind: EmailSendDocument['kind']; itemIds?: string[] },
    now: Date,
  ): Promise<EmailSendDocument> {
    const { memberId, kind, itemIds, ...message } = email;
    const record: EmailSendDocument = {
      _id: key,
      memberId,
      kind,
      state: 'queued',
      ...message,
      ...(itemIds ? { itemIds } : {}),
      attempts: 0,
      createdAt: now.toISOString(),
    };
    try {
      await this.sends.insertOne(record);
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      const existing = await this.sends.findOne({ _id: key });
      if (!existing) throw error;
      // A crash may have come between the record and its queue entry: queue what is still due.
      if (existing.state === 'queued') await this.queueUp(key, existing.attempts === 0 ? EPOCH : now.toISOString());
      return existing;
    }
    await this.queueUp(key, EPOCH);
    return record;
  }

  /** Records a reminder as taken into the member's digest; false when it was recorded before (a replay). */
  async recordForDigest(key: string, memberId: string, kind: EmailSendDocument['kind'], now: Date): Promise<boolean> {
    try {
      await this.sends.insertOne({
        _id: key,
        memberId,
        kind,
        state: 'digested',
        attempts: 0,
        createdAt: now.toISOString(),
      });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  /** Sends now in the background (the reactor does not wait for SMTP); the sweep retries whatever this misses. */
  sendSoon(key: string): void {
    const attempt = this.attempt(key, new Date()).catch((error: unknown) =>
      this.logger.warn({ err: error, msg: 'email send failed', key }),
    );
    this.sending.add(attempt);
    void attempt.finally(() => this.sending.delete(attempt));
  }

  /** Every queued email whose time has come, a few at a time; answers when all were tried. */
  sweep(now: Date): Promise<void> {
    return this.job.once(() => this.sendDue(now));
  }

  private async sendDue(now: Date): Promise<void> {
    const nowIso = now.toISOString();
    const due = (await this.queue.find({}).toArray()).filter(
      (entry) => entry.notBefore <= nowIso && entry.leaseUntil <= nowIso,
    );
    for (let index = 0; index < due.length; index += SWEEP_CONCURRENCY) {
      await Promise.all(
        due
          .slice(index, index + SWEEP_CONCURRENCY)
          .map((entry) =>
            this.attempt(entry._id, now).catch((error: unknown) =>
              this.logger.warn({ err: error, msg: 'email send failed', key: entry._id }),
            ),
          ),
      );
    }
  }

  /** One try at one email, if no one else holds it and its time has come. */
  async attempt(key: string, now: Date): Promise<SendState | null> {
    const nowIso = now.toISOString();
    const claimed = await this.queue.findOneAndUpdate(
      { _id: key, notBefore: { $lte: nowIso }, leaseUntil: { $lte: nowIso } },
      { $set: { leaseUntil: new Date(now.getTime() + LEASE_MS).toISOString() } },
    );
    if (!claimed) return null;
    const record = await this.sends.findOne({ _id: key });
    if (!record || record.state !== 'queued') {
      await this.queue.deleteOne({ _id: key });
      return record?.state ?? null;
    }
    if (!(await this.reachable(record.memberId))) return this.finish(record, 'skipped', now);
    try {
      const result = await this.mailer.send(record.memberId, {
        subject: record.subject ?? '',
        text: record.text ?? '',
        headers: record.headers ?? {},
      });
      return this.finish(record, result.sent ? 'sent' : 'skipped', now);
    } catch (error) {
      const attempts = record.attempts + 1;
      const lastError = error instanceof Error ? error.message.slice(0, 300) : 'unknown';
      if (attempts >= MAX_ATTEMPTS) return this.finish({ ...record, attempts, lastError }, 'failed', now);
      await this.sends.updateOne({ _id: key }, { $set: { attempts, lastError } });
      await this.queue.updateOne(
        { _id: key },
        { $set: { notBefore: new Date(now.getTime() + retryDelayMs(attempts)).toISOString(), leaseUntil: EPOCH } },
      );
      throw error;
    }
  }

  /** Only to a verified address of a live account (`reachable`), checked again at sending time. */
  private async reachable(memberId: string): Promise<boolean> {
    const recipient = await this.db.collection<EmailRecipientDocument>(EMAIL_RECIPIENTS).findOne({ _id: memberId });
    return reachable(recipient);
  }

  private async finish(record: EmailSendDocument, state: SendState, now: Date): Promise<SendState> {
    await this.sends.updateOne(
      { _id: record._id },
      {
        $set: {
          state,
          attempts: record.attempts + (state === 'failed' ? 0 : 1),
          ...(state === 'sent' ? { sentAt: now.toISOString() } : {}),
          ...(record.lastError ? { lastError: record.lastError } : {}),
        },
        $unset: { text: '', headers: '' },
      },
    );
    await this.queue.deleteOne({ _id: record._id });
    return state;
  }

  private async queueUp(key: string, notBefore: string): Promise<void> {
    await this.queue.updateOne({ _id: key }, { $setOnInsert: { notBefore, leaseUntil: EPOCH } }, { upsert: true });
  }
}
