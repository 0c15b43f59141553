import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { authorViewOf, CONTEXT_DB, MEMBER_PROFILES } from '@forum/platform';
import type { MemberProfileDocument } from '@forum/platform';
import { MEMBER_NICKNAMES } from '@forum/platform';
import type { MemberNicknameDocument } from '@forum/platform';

export interface MemberSuggestion {
  memberId: string;
  nickname: string;
  avatarUrl: string | null;
}

/** Stale entries (renamed members, cancelled accounts) are skipped, so read a few more names than asked for. */
const OVERFETCH = 3;

/**
 * `@` mention suggestions: members whose nickname starts with a prefix, case-insensitive. The nickname copy is
 * keyed by the lower-cased nickname, so a prefix is an `_id` range — the one query the Mongo stand-in answers
 * without scanning the collection (INFRA-NOTES). Each hit is confirmed against the member's current profile,
 * like a mention is when content is saved.
 */
@Injectable()
export class MemberLookup {
  constructor(@Inject(CONTEXT_DB) private readonly db: Db) {}

  async byNicknamePrefix(prefix: string, limit: number): Promise<MemberSuggestion[]> {
    const low = prefix.toLowerCase();
    const names = await this.db
      .collection<MemberNicknameDocument>(MEMBER_NICKNAMES)
      .find({ _id: { $gte: low, $lt: `${low}\uffff` } })
      .sort({ _id: 1 })
      .limit(limit * OVERFETCH)
      .toArray();
    if (names.length === 0) return [];
    const profiles = await this.db
      .collection<MemberProfileDocument>(MEMBER_PROFILES)
      .find({ _id: { $in: [...new Set(names.map((name) => name.memberId))] } })
      .toArray();
    const byId = new Map(profiles.map((profile) => [profile._id, profile]));
    return names
      .flatMap((name) => {
        const view = authorViewOf(name.memberId, byId.get(name.memberId));
        // The name must still be this member's (not renamed away, account not cancelled).
        if (!view.nickname || view.nickname.toLowerCase() !== name._id) return [];
        return [{ memberId: view.memberId, nickname: view.nickname, avatarUrl: view.avatarUrl }];
      })
      .slice(0, limit);
  }
}
