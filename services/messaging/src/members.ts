import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { DomainError } from '@forum/event-store';
import { authorViewOf, CONTEXT_DB, MEMBER_PROFILES } from '@forum/platform';
import type { AuthorView, MemberProfileDocument } from '@forum/platform';

/** Member ids are UUIDs; anything else names no member and must not reach a stream id or an `_id` range. */
export const MEMBER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The messaging context's copy of members (from identity's events): who exists, who is cancelled, how to show them. */
@Injectable()
export class MessagingMembers {
  constructor(@Inject(CONTEXT_DB) private readonly db: Db) {}

  private get profiles() {
    return this.db.collection<MemberProfileDocument>(MEMBER_PROFILES);
  }

  /** Refuses an unknown or cancelled recipient. */
  async requireReachable(memberId: string): Promise<void> {
    if (!MEMBER_ID.test(memberId)) throw new DomainError('messaging.recipient_not_found');
    const profile = await this.profiles.findOne({ _id: memberId });
    if (!profile) throw new DomainError('messaging.recipient_not_found');
    if (profile.cancelled) throw new DomainError('messaging.recipient_cancelled');
  }

  async views(memberIds: string[]): Promise<Map<string, AuthorView>> {
    const unique = [...new Set(memberIds)];
    const found = await this.profiles.find({ _id: { $in: unique } }).toArray();
    const byId = new Map(found.map((profile) => [profile._id, profile]));
    return new Map(unique.map((id) => [id, authorViewOf(id, byId.get(id))]));
  }
}
