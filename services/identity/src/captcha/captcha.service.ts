import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Db } from 'mongodb';
import svgCaptcha from 'svg-captcha';
import { checkCaptchaCommand, newId } from '@forum/contracts';
import { CONTEXT_DB, PeerCommands } from '@forum/platform';

export const CAPTCHA_LENGTH = 4;
const CAPTCHA_TTL_MS = 120_000;

interface CaptchaDocument {
  _id: string;
  text: string;
  expiresAt: Date;
}

/**
 * 4-character image captchas, valid 120 s, single-use (checking one deletes it, right or wrong). Other contexts
 * ask a captcha of the member through identity's `GET /api/identity/captcha` and check the answer here with the
 * `identity.checkCaptcha` peer command (for reports: docs/rules/moderation.md).
 */
@Injectable()
export class CaptchaService implements OnModuleInit {
  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly peers: PeerCommands,
  ) {}

  onModuleInit(): void {
    this.peers.register(checkCaptchaCommand, (input) => this.check(input?.captchaKey, input?.text));
  }

  private get captchas() {
    return this.db.collection<CaptchaDocument>('captchas');
  }

  async issue(now = new Date()): Promise<{ captchaKey: string; image: string; expiresInSeconds: number }> {
    const captcha = svgCaptcha.create({ size: CAPTCHA_LENGTH, noise: 2, ignoreChars: '0oO1ilI', color: false });
    const captchaKey = newId(now.getTime());
    await this.captchas.insertOne({
      _id: captchaKey,
      text: captcha.text.toLowerCase(),
      expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS),
    });
    return {
      captchaKey,
      image: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}`,
      expiresInSeconds: CAPTCHA_TTL_MS / 1000,
    };
  }

  async check(captchaKey: string | undefined, text: string | undefined, now = new Date()): Promise<boolean> {
    if (!captchaKey || !text) return false;
    const stored = await this.captchas.findOneAndDelete({ _id: captchaKey });
    return stored !== null && stored.expiresAt > now && stored.text === text.trim().toLowerCase();
  }
}
