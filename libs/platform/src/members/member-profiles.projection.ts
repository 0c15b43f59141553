import type { AuthorView, EventEnvelope, MemberEvent, MemberProfileEvent } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';

export const MEMBER_PROFILES = 'member_profiles';

export interface MemberProfileDocument {
  _id: string;
  account: string;
  /** Null once the account is cancelled: show "this user account has been cancelled" instead. */
  nickname: string | null;
  kind: 'member' | 'staff';
  avatarUrl?: string | null;
  cancelled?: boolean;
  /** Whether the member shows their activity (dynamics) to others. */
  allowUserDynamic?: boolean;
}

/** How any context shows an author: a public read view (`@forum/contracts`), named here for the contexts' readers. */
export type { AuthorView };

export function authorViewOf(memberId: string, profile: MemberProfileDocument | null | undefined): AuthorView {
  const cancelled = profile?.cancelled === true;
  return {
    memberId,
    nickname: cancelled ? null : (profile?.nickname ?? null),
    avatarUrl: cancelled ? null : (profile?.avatarUrl ?? null),
    cancelled,
    isStaff: profile?.kind === 'staff',
  };
}

/**
 * A context's own copy of who members are (from identity's events), to show authors without asking identity.
 * One per context: the name carries the context so that, in the all-in-one process, each context's copy has its
 * own consumer group. Every event is on the member's stream, so the stream version guards every write.
 */
export function memberProfilesProjection(context: string): ProjectionDefinition {
  return {
    name: `${context}-member-profiles`,
    version: 1,
    topics: ['identity.member'],
    collections: [MEMBER_PROFILES],
    apply(envelope: EventEnvelope, writer: ReadModelWriter) {
      const event = envelope as EventEnvelope & (MemberEvent | MemberProfileEvent);
      const set = (fields: Partial<MemberProfileDocument>) =>
        writer.upsertVersioned(MEMBER_PROFILES, event.data.memberId, envelope, { $set: fields });
      switch (event.type) {
        case 'MemberRegistered': {
          const { account, nickname, kind } = event.data;
          set({ account, nickname, kind, avatarUrl: null, cancelled: false, allowUserDynamic: true });
          return;
        }
        case 'ProfileChanged':
          set({ nickname: event.data.nickname, allowUserDynamic: event.data.allowUserDynamic });
          return;
        case 'AvatarChanged':
          set({ avatarUrl: event.data.avatarUrl });
          return;
        case 'MemberCancelled':
          set({ nickname: null, avatarUrl: null, cancelled: true });
          return;
        default:
          return;
      }
    },
  };
}
