import type {
  EventEnvelope,
  MemberContactEvent,
  MemberEvent,
  MemberProfileEvent,
  MemberStateEvent,
} from '@forum/contracts';
import { streamId } from '@forum/contracts';
import type { ProjectionDefinition, ProjectionWaiter, ReadModelWriter } from '@forum/event-bus';
import type { Db } from 'mongodb';

/** How long a login waits for a member the directory has not projected yet (see `projectedMember`). */
const NEW_MEMBER_WAIT_MS = 10_000;

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

/**
 * A member's directory document, for a login that found the member id through a store written with the
 * registration itself (the contact store). Registration answers once its own wait for the directory ends, and that
 * wait is bounded: on a loaded machine a login just after it found no document and refused the member, burning
 * their one-time code. Such a login now waits for the projection (up to NEW_MEMBER_WAIT_MS) instead.
 */
export async function projectedMember(
  db: Db,
  waiter: ProjectionWaiter,
  memberId: string,
): Promise<MemberDocument | null> {
  const members = db.collection<MemberDocument>(MEMBERS);
  const find = () => members.findOne({ _id: memberId });
  const found = await find();
  if (found) return found;
  const exists = async () => (await find()) !== null;
  await waiter.waitFor(memberDirectoryProjection.name, streamId('member', memberId), 1, NEW_MEMBER_WAIT_MS, exists);
  return find();
}
