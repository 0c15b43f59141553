import { Injectable } from '@nestjs/common';
import type { EmailGroup, EmailLanguage } from '@forum/contracts';
import { SiteSettingsCache } from '@forum/platform';
import { emailConfig } from './email-config';
import type { EmailConfig } from './email-config';
import { renderDigest, renderImmediate } from './email-messages';
import type { EmailItem, EmailLinks } from './email-messages';
import type { MemberEmail } from './member-mailer';
import { EmailPreferences } from './email-preferences';

/** The reminders screen, where the email choices sit beside the reminder choices. */
export const SETTINGS_PATH = '/user/control/remindList';

/** Turns items into emails for one member: their language, the site's title, signed unsubscribe links and headers. */
@Injectable()
export class EmailComposer {
  readonly config: EmailConfig = emailConfig();

  constructor(
    private readonly settings: SiteSettingsCache,
    private readonly preferences: EmailPreferences,
  ) {}

  /** The member's choice, else the site's default language (identity keeps no language per member). */
  language(chosen: EmailLanguage | null): EmailLanguage {
    return chosen ?? (this.settings.current().defaultLanguage === 'en_US' ? 'en' : 'zh');
  }

  unsubscribeUrl(memberId: string, groups: EmailGroup[]): string {
    const token = this.preferences.tokens.sign(memberId, groups);
    return `${this.config.linkBaseUrl}/api/messaging/email/unsubscribe?token=${encodeURIComponent(token)}`;
  }

  immediate(memberId: string, language: EmailLanguage, item: EmailItem): MemberEmail {
    const links = this.links(memberId, [item.group]);
    return { ...renderImmediate(language, this.settings.current().title, item, links), headers: headers(links) };
  }

  digest(memberId: string, language: EmailLanguage, items: EmailItem[]): MemberEmail {
    const links = this.links(memberId, [...new Set(items.map((item) => item.group))]);
    return {
      ...renderDigest(language, this.settings.current().title, items, {
        ...links,
        remindersUrl: `${this.config.linkBaseUrl}${SETTINGS_PATH}`,
      }),
      headers: headers(links),
    };
  }

  private links(memberId: string, groups: EmailGroup[]): EmailLinks {
    return {
      base: this.config.linkBaseUrl,
      unsubscribeUrl: this.unsubscribeUrl(memberId, groups),
      settingsUrl: `${this.config.linkBaseUrl}${SETTINGS_PATH}`,
    };
  }
}

/** RFC 2369 and RFC 8058: mail clients show an unsubscribe button that posts to the link, no login needed. */
function headers(links: EmailLinks): Record<string, string> {
  return { 'List-Unsubscribe': `<${links.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
