import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { CONTEXT_DB, SiteSettingsCache } from '@forum/platform';

/** Failed passwords count within this window; the thresholds are the site settings' `captcha` (docs/rules/people.md, docs/rules/moderation.md). */
const WINDOW_MS = 15 * 60_000;

interface FailureDocument {
  _id: string;
  count: number;
  resetAt: Date;
}

/** Counts failed logins per account and per IP; past the threshold a captcha is required. */
@Injectable()
export class LoginAttempts {
  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly settings: SiteSettingsCache,
  ) {}

  private get failures() {
    return this.db.collection<FailureDocument>('login_failures');
  }

  async captchaRequired(account: string, ip: string, now = new Date()): Promise<boolean> {
    const [byAccount, byIp] = await Promise.all([
      this.failures.findOne({ _id: `account:${account.toLowerCase()}` }),
      this.failures.findOne({ _id: `ip:${ip}` }),
    ]);
    const live = (doc: FailureDocument | null) => (doc && doc.resetAt > now ? doc.count : 0);
    const { loginAfterFailures, loginAfterFailuresPerIp } = this.settings.current().captcha;
    return live(byAccount) >= loginAfterFailures || live(byIp) >= loginAfterFailuresPerIp;
  }

  async failed(account: string, ip: string, now = new Date()): Promise<void> {
    await Promise.all([`account:${account.toLowerCase()}`, `ip:${ip}`].map((id) => this.bump(id, now)));
  }

  async succeeded(account: string): Promise<void> {
    await this.failures.deleteOne({ _id: `account:${account.toLowerCase()}` });
  }

  private async bump(id: string, now: Date): Promise<void> {
    const current = await this.failures.findOne({ _id: id });
    if (!current || current.resetAt <= now) {
      await this.failures.replaceOne(
        { _id: id },
        { count: 1, resetAt: new Date(now.getTime() + WINDOW_MS) },
        { upsert: true },
      );
    } else {
      await this.failures.updateOne({ _id: id }, { $inc: { count: 1 } });
    }
  }
}
