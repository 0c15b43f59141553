import type {
  EventEnvelope,
  MemberContactEvent,
  MemberEvent,
  MemberProfileEvent,
  MemberStateEvent,
} from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';

export const MEMBERS = 'members';
/** Login account (lower-cased) → member id: the login looks members up by `_id`. */
export const MEMBER_ACCOUNTS = 'member_accounts';

export interface MemberDocument {
  _id: string;
  account: string;
  /** Kept after cancellation for staff; public views show null for a cancelled member. */
  nickname: string;
  kind: 'member' | 'staff';
  state: 'enabled' | 'disabled' | 'cancelled';
  registeredAt: string;
  /** The fields below arrived with profiles and contacts: documents written before may lack them. */
  avatarUrl?: string | null;
  allowUserDynamic?: boolean;
  cancelled?: boolean;
  /** Masked (`138****5678`, `ab***@example.com`): the clear values stay in the private contact store. */
  phone?: string | null;
  email?: string | null;
  realNameVerified?: boolean;
}

/** Identity's own view of every member, by id, fed by the member stream (registration, profile, contacts). */
export const memberDirectoryProjection: ProjectionDefinition = {
  name: 'member-directory',
  version: 1,
  topics: ['identity.member'],
  collections: [MEMBERS, MEMBER_ACCOUNTS],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope &
      (MemberEvent | MemberProfileEvent | MemberContactEvent | MemberStateEvent);
    const set = (fields: Partial<MemberDocument>) =>
      writer.upsertVersioned(MEMBERS, event.data.memberId, envelope, { $set: fields });
    switch (event.type) {
      case 'MemberRegistered': {
        const { memberId, account, nickname, kind, registeredAt } = event.data;
        set({ account, nickname, kind, registeredAt, state: 'enabled', avatarUrl: null, allowUserDynamic: true });
        writer.upsertVersioned(MEMBER_ACCOUNTS, account.toLowerCase(), envelope, { $set: { memberId } });
        return;
      }
      case 'ProfileChanged':
        set({ nickname: event.data.nickname, allowUserDynamic: event.data.allowUserDynamic });
        return;
      case 'AvatarChanged':
        set({ avatarUrl: event.data.avatarUrl });
        return;
      case 'MemberCancelled':
        set({ state: 'cancelled', cancelled: true, avatarUrl: null });
        return;
      case 'PhoneBound':
      case 'PhoneChanged':
        set({ phone: event.data.phoneMasked, realNameVerified: true });
        return;
      case 'EmailBound':
        set({ email: event.data.emailMasked });
        return;
      case 'MemberDisabled':
        set({ state: 'disabled' });
        return;
      case 'MemberEnabled':
        set({ state: 'enabled' });
        return;
      default:
        // Other member events (password changes…) change nothing here; the version guard stays exact because
        // upsertVersioned only ever moves forward.
        return;
    }
  },
};
