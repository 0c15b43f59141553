import type { EventEnvelope, MemberEvent } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';

export const MEMBER_PROFILES = 'member_profiles';

export interface MemberProfileDocument {
  _id: string;
  account: string;
  nickname: string;
  kind: 'member' | 'staff';
}

/** Moderation's own copy of who members are (from identity's events), for site info and the console. */
export const memberProfilesProjection: ProjectionDefinition = {
  name: 'member-profiles',
  version: 1,
  topics: ['identity.member'],
  collections: [MEMBER_PROFILES],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & MemberEvent;
    if (event.type !== 'MemberRegistered') return;
    const { memberId, account, nickname, kind } = event.data;
    writer.upsertVersioned(MEMBER_PROFILES, memberId, envelope, { $set: { account, nickname, kind } });
  },
};
