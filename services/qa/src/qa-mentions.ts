import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import type { FieldError } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { CONTEXT_DB, extractMentions, MEMBER_PROFILES, SiteSettingsCache } from '@forum/platform';
import type { MemberProfileDocument } from '@forum/platform';
import { MEMBER_NICKNAMES } from '@forum/platform';
import type { MemberNicknameDocument } from '@forum/platform';

/**
 * `@nickname` mentions in questions, answers and answer replies, as the forum's topics have them (docs/rules/forum.md):
 * at most `forum.maxMentions` names are read from the sanitized content, each resolved to a member id through
 * this context's nickname copy (by `_id`) and confirmed against the member's current profile (a renamed
 * member's old name, or a cancelled account, names nobody). An unknown name is a field error "user does not
 * exist", so the writer can fix it; the events carry the member ids for the reminders.
 */
@Injectable()
export class QaMentions {
  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly settings: SiteSettingsCache,
  ) {}

  async of(content: string): Promise<string[]> {
    const names = extractMentions(content, this.settings.current().forum.maxMentions);
    if (names.length === 0) return [];
    const found = await this.db
      .collection<MemberNicknameDocument>(MEMBER_NICKNAMES)
      .find({ _id: { $in: names.map((name) => name.toLowerCase()) } })
      .toArray();
    const profiles = found.length
      ? await this.db
          .collection<MemberProfileDocument>(MEMBER_PROFILES)
          .find({ _id: { $in: found.map((doc) => doc.memberId) } })
          .toArray()
      : [];
    const current = new Set(
      profiles.flatMap((p) => (p.nickname && !p.cancelled ? [`${p._id}|${p.nickname.toLowerCase()}`] : [])),
    );
    const byName = new Map(
      found.filter((doc) => current.has(`${doc.memberId}|${doc._id}`)).map((doc) => [doc._id, doc.memberId]),
    );
    const problems: FieldError[] = names
      .filter((name) => !byName.has(name.toLowerCase()))
      .map((nickname) => ({ field: 'content', code: 'validation.user_not_found', message: '', params: { nickname } }));
    if (problems.length > 0) throw new DomainError('common.validation_failed', {}, problems);
    return [...new Set(names.map((name) => byName.get(name.toLowerCase())!))];
  }
}
