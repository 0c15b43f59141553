import type { EventEnvelope, MemberEvent, MemberProfileEvent } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';

/**
 * Nickname (lower-cased, as identity reserves it) → member id: resolves `@nickname` mentions by `_id`.
 * A renamed member's old entry stays behind, and a released nickname may be taken by someone else, so a
 * lookup confirms the hit against the member's current profile (`MEMBER_PROFILES`).
 */
export const MEMBER_NICKNAMES = 'member_nicknames';

export interface MemberNicknameDocument {
  _id: string;
  memberId: string;
  nickname: string;
}

/**
 * A context's own copy of identity's nicknames (the forum's and the Q&A's mentions), built from identity's events
 * like `memberProfilesProjection`; the name carries the context so each copy has its own consumer group.
 */
export function memberNicknamesProjection(context: string): ProjectionDefinition {
  return {
    name: `${context}-member-nicknames`,
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
}
