import type { EventEnvelope, MemberEvent, MemberProfileEvent } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';

/**
 * Nickname (lower-cased, as identity reserves it) → member id: resolves `@nickname` mentions by `_id`.
 * A renamed member's old entry stays behind, and a released nickname may be taken by someone else, so a
 * lookup confirms the hit against the member's current profile (`CommentContent`).
 */
export const MEMBER_NICKNAMES = 'member_nicknames';

export interface MemberNicknameDocument {
  _id: string;
  memberId: string;
  nickname: string;
}

export const memberNicknamesProjection: ProjectionDefinition = {
  name: 'forum-member-nicknames',
  version: 1,
  topics: ['identity.member'],
  collections: [MEMBER_NICKNAMES],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & (MemberEvent | MemberProfileEvent);
    if (event.type !== 'MemberRegistered' && event.type !== 'ProfileChanged') return;
    const { memberId, nickname } = event.data;
    // Fed by many members' streams over time (a released name is re-registered): guard per source stream.
    writer.updateOnce(
      MEMBER_NICKNAMES,
      nickname.toLowerCase(),
      envelope,
      { $set: { memberId, nickname } },
      { upsert: true },
    );
  },
};
