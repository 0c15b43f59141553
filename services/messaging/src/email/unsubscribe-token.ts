import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_GROUPS } from '@forum/contracts';
import type { EmailGroup } from '@forum/contracts';
import { isEmailGroup } from './email-groups';

/**
 * An unsubscribe link's token: `<member>.<groups>.<signature>`, the signature an HMAC-SHA256 of the rest with a key
 * derived from the service secret (no other token can be mistaken for one). It never expires: a link in a year-old
 * email must still work. It carries no address, only the member id and the groups the email was about.
 */
export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('messaging.email-unsubscribe.v1').digest();
  }

  sign(memberId: string, groups: readonly EmailGroup[]): string {
    const body = `${memberId}.${[...new Set(groups)].sort().join('-')}`;
    return `${body}.${this.signature(body)}`;
  }

  /** The member and groups of a genuine token; null for anything altered or made up. */
  verify(token: string): { memberId: string; groups: EmailGroup[] } | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [memberId, groupList, signature] = parts as [string, string, string];
    const expected = Buffer.from(this.signature(`${memberId}.${groupList}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const groups = groupList.split('-');
    if (!memberId || groups.length === 0 || groups.length > EMAIL_GROUPS.length || !groups.every(isEmailGroup)) {
      return null;
    }
    return { memberId, groups };
  }

  private signature(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
