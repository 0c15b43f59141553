import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { DomainError } from '@forum/event-store';
import {
  CONTEXT_DB,
  extractMentions,
  MEMBER_PROFILES,
  redactHiddenBlocks,
  sanitizeContent,
  SiteSettingsCache,
} from '@forum/platform';
import type { MemberProfileDocument } from '@forum/platform';
import { MEMBER_NICKNAMES } from '@forum/platform';
import type { MemberNicknameDocument } from '@forum/platform';

export interface PreparedContent {
  html: string;
  /** Member ids of the `@nickname`s that name a member (unknown names are left as text). */
  mentions: string[];
}

/** Content with no text and no media once the markup is gone: an empty editor, `<p><br></p>`, spaces. */
const MEDIA = /<(img|player)\b/i;
function isBlank(html: string): boolean {
  return !MEDIA.test(html) && html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') === '';
}

/**
 * Comment and reply content: sanitized with the shared allow-list, hidden blocks removed (they are a topic
 * feature — in a comment a `<hide>` would carry its password or price in an attribute to every reader, and
 * nothing would ever unlock it), mentions resolved to member ids by `_id` lookups.
 */
@Injectable()
export class CommentContent {
  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly settings: SiteSettingsCache,
  ) {}

  async prepare(raw: string): Promise<PreparedContent> {
    const html = redactHiddenBlocks(sanitizeContent(raw), () => false)
      .replace(/<hide\b[^>]*>\s*<\/hide>/gi, '')
      .trim();
    if (isBlank(html)) throw new DomainError('forum.content_empty');
    const names = extractMentions(html, this.settings.current().forum.maxMentions);
    if (names.length === 0) return { html, mentions: [] };
    const found = await this.db
      .collection<MemberNicknameDocument>(MEMBER_NICKNAMES)
      .find({ _id: { $in: names.map((name) => name.toLowerCase()) } })
      .toArray();
    const profiles = await this.db
      .collection<MemberProfileDocument>(MEMBER_PROFILES)
      .find({ _id: { $in: found.map((doc) => doc.memberId) } })
      .toArray();
    const current = new Set(
      profiles.flatMap((p) => (p.nickname && !p.cancelled ? [`${p._id}|${p.nickname.toLowerCase()}`] : [])),
    );
    const byName = new Map(
      found.filter((doc) => current.has(`${doc.memberId}|${doc._id}`)).map((doc) => [doc._id, doc.memberId]),
    );
    const mentions = [...new Set(names.flatMap((name) => byName.get(name.toLowerCase()) ?? []))];
    return { html, mentions };
  }
}
