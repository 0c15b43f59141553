import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { checkCaptchaCommand } from '@forum/contracts';
import type { CommandMetadata, SiteSettings } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { CONTEXT_DB, PeerCommands } from '@forum/platform';

export const REPORT_QUOTA = 'report_quota';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

interface QuotaDocument {
  _id: string;
  count: number;
}

/**
 * Report abuse limits (docs/rules/moderation.md, reports): window counters per member, one document per member and window (read and
 * written by `_id`). A limit counts the current and the previous window, so a burst across a window's edge is
 * still caught (never looser than "N in the last window", at worst twice as strict). Past `perMemberPerHour`
 * filing is refused; past `captchaAfterPerMinute` a captcha from identity is required (checked there: identity
 * owns captchas).
 */
@Injectable()
export class ReportQuota {
  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly peers: PeerCommands,
  ) {}

  private get quota() {
    return this.db.collection<QuotaDocument>(REPORT_QUOTA);
  }

  async check(
    memberId: string,
    limits: SiteSettings['reports'],
    captcha: { captchaKey?: string; captchaValue?: string },
    meta: CommandMetadata,
  ): Promise<void> {
    const now = meta.now.getTime();
    const [hour, minute] = await Promise.all([
      this.recent(memberId, HOUR_MS, now),
      this.recent(memberId, MINUTE_MS, now),
    ]);
    if (hour >= limits.perMemberPerHour) throw new DomainError('moderation.report_rate_limited');
    if (minute < limits.captchaAfterPerMinute) return;
    if (!captcha.captchaKey || !captcha.captchaValue) throw new DomainError('moderation.captcha_required');
    const right = await this.peers.execute(
      checkCaptchaCommand,
      { captchaKey: captcha.captchaKey, text: captcha.captchaValue },
      meta,
    );
    if (!right) throw new DomainError('moderation.captcha_invalid');
  }

  /** Counts a filed report in both windows. */
  async count(memberId: string, now: Date): Promise<void> {
    await Promise.all(
      [HOUR_MS, MINUTE_MS].map((window) =>
        this.quota.updateOne(
          { _id: this.key(memberId, window, now.getTime()) },
          { $inc: { count: 1 } },
          { upsert: true },
        ),
      ),
    );
  }

  /** Reports filed in this window and the one before. */
  private async recent(memberId: string, window: number, now: number): Promise<number> {
    const found = await this.quota
      .find({ _id: { $in: [this.key(memberId, window, now), this.key(memberId, window, now - window)] } })
      .toArray();
    return found.reduce((sum, doc) => sum + doc.count, 0);
  }

  private key(memberId: string, window: number, now: number): string {
    return `${memberId}|${window}|${Math.floor(now / window)}`;
  }
}
