import type { EventEnvelope, MemberEvent } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';

export const MEMBER_PROFILES = 'member_profiles';

export interface MemberProfileDocument {
  _id: string;
  account: string;
  nickname: string;
  kind: 'member' | 'staff';
}

/**
 * A context's own copy of who members are (from identity's events), to show authors without asking identity.
 * One per context: the name carries the context so that, in the all-in-one process, each context's copy has its
 * own consumer group.
 */
export function memberProfilesProjection(context: string): ProjectionDefinition {
  return {
    name: `${context}-member-profiles`,
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
}
