import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { DomainError } from '@forum/event-store';
import { APP_CONFIG, CONTEXT_DB, SiteSettingsCache } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import type { CodeChannel, CodePurpose } from './delivery';

export const CODE_VALID_SECONDS = 600;
export const CODE_LENGTH = 6;
/** Wrong guesses one code survives: 5 tries at a 6-digit code, then it is gone and a new one must be asked for. */
const MAX_WRONG_ATTEMPTS = 5;

const CODES = 'verification_codes';
const THROTTLE = 'verification_code_throttle';
const DAILY = 'verification_code_daily';

interface CodeDocument {
  _id: string;
  codeHash: string;
  expiresAt: Date;
  wrongAttempts: number;
}

/** What a code is for: the purpose, and who or what it proves (a phone, an address, a member, a member's new phone). */
export interface CodeSubject {
  channel: CodeChannel;
  purpose: CodePurpose;
  subject: string;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const isDuplicateKey = (error: unknown) => (error as { code?: number }).code === 11000;

/**
 * SMS and email verification codes: 6 digits, 600 s, single use, kept hashed in identity's private collection
 * (never in events). Sending is throttled per delivery address: a resend countdown and a daily cap, both
 * settings. Both limits are single conditional upserts keyed by `_id`: of two concurrent requests exactly one
 * updates or inserts, the other collides on `_id` (E11000) and is refused, without transactions.
 */
@Injectable()
export class VerificationCodes {
  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly settings: SiteSettingsCache,
  ) {}

  /**
   * Claims a send to `address` (throttle, then daily cap) and stores a fresh code for `subject`, replacing any
   * earlier one. Returns the code in clear for delivery only.
   */
  async issue(
    { channel, purpose, subject }: CodeSubject,
    address: string,
    now: Date,
  ): Promise<{ code: string; resendAfterSeconds: number; validSeconds: number }> {
    const { resendSeconds, dailyCapPerTarget } = this.settings.current().verificationCodes;
    const addressKey = `${channel}:${sha256(address)}`;
    await this.claimSendSlot(addressKey, resendSeconds, now);
    await this.countToday(addressKey, dailyCapPerTarget, now);
    const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
    const id = this.codeId({ channel, purpose, subject });
    await this.db.collection<CodeDocument>(CODES).replaceOne(
      { _id: id },
      {
        codeHash: this.hash(id, code),
        expiresAt: new Date(now.getTime() + CODE_VALID_SECONDS * 1000),
        wrongAttempts: 0,
      },
      { upsert: true },
    );
    return { code, resendAfterSeconds: resendSeconds, validSeconds: CODE_VALID_SECONDS };
  }

  /**
   * Counts the send without storing a code, for requests that must look like a real send but go nowhere (a
   * login code for a number nobody registered): same limits, same answer, nothing to find out.
   */
  async pretend(
    channel: CodeChannel,
    address: string,
    now: Date,
  ): Promise<{ resendAfterSeconds: number; validSeconds: number }> {
    const { resendSeconds, dailyCapPerTarget } = this.settings.current().verificationCodes;
    const addressKey = `${channel}:${sha256(address)}`;
    await this.claimSendSlot(addressKey, resendSeconds, now);
    await this.countToday(addressKey, dailyCapPerTarget, now);
    return { resendAfterSeconds: resendSeconds, validSeconds: CODE_VALID_SECONDS };
  }

  /** True once for the right code within its validity; a right code is deleted by the check that accepts it. */
  async consume(target: CodeSubject, code: string, now: Date): Promise<boolean> {
    const codes = this.db.collection<CodeDocument>(CODES);
    const id = this.codeId(target);
    const stored = await codes.findOne({ _id: id });
    if (!stored || stored.expiresAt <= now || stored.wrongAttempts >= MAX_WRONG_ATTEMPTS) return false;
    const expected = Buffer.from(stored.codeHash, 'hex');
    const presented = Buffer.from(this.hash(id, code.trim()), 'hex');
    if (!timingSafeEqual(expected, presented)) {
      await codes.updateOne({ _id: id, codeHash: stored.codeHash }, { $inc: { wrongAttempts: 1 } });
      return false;
    }
    // Single use under races: of two requests with the same right code, one deletes it, the other deletes nothing.
    const { deletedCount } = await codes.deleteOne({ _id: id, codeHash: stored.codeHash });
    return deletedCount === 1;
  }

  private codeId({ channel, purpose, subject }: CodeSubject): string {
    return `${purpose}:${channel}:${sha256(subject)}`;
  }

  /** Keyed with the server secret: a leaked collection does not give codes away by hashing a million guesses. */
  private hash(id: string, code: string): string {
    return createHmac('sha256', this.config.JWT_SECRET).update(`${id}:${code}`).digest('hex');
  }

  private async claimSendSlot(addressKey: string, resendSeconds: number, now: Date): Promise<void> {
    const throttle = this.db.collection<{ _id: string; lastSentAt: Date }>(THROTTLE);
    try {
      await throttle.updateOne(
        { _id: addressKey, lastSentAt: { $lte: new Date(now.getTime() - resendSeconds * 1000) } },
        { $set: { lastSentAt: now } },
        { upsert: true },
      );
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      const last = await throttle.findOne({ _id: addressKey });
      const waitMs = last ? last.lastSentAt.getTime() + resendSeconds * 1000 - now.getTime() : resendSeconds * 1000;
      throw new DomainError('identity.code_too_soon', { seconds: Math.max(1, Math.ceil(waitMs / 1000)) });
    }
  }

  /** The day is the UTC calendar day: a cap per day needs one clock, and the server's is UTC. */
  private async countToday(addressKey: string, cap: number, now: Date): Promise<void> {
    try {
      await this.db
        .collection<{ _id: string; count: number }>(DAILY)
        .updateOne(
          { _id: `${addressKey}:${now.toISOString().slice(0, 10)}`, count: { $lt: cap } },
          { $inc: { count: 1 } },
          { upsert: true },
        );
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      throw new DomainError('identity.code_daily_cap');
    }
  }
}
