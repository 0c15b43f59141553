import type { EventEnvelope, MemberEvent } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';

export const MEMBERS = 'members';
/** Login account (lower-cased) → member id: the login looks members up by `_id`. */
export const MEMBER_ACCOUNTS = 'member_accounts';

export interface MemberDocument {
  _id: string;
  account: string;
  nickname: string;
  kind: 'member' | 'staff';
  state: 'enabled' | 'disabled' | 'cancelled';
  registeredAt: string;
}

export const memberDirectoryProjection: ProjectionDefinition = {
  name: 'member-directory',
  version: 1,
  topics: ['identity.member'],
  collections: [MEMBERS, MEMBER_ACCOUNTS],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & MemberEvent;
    if (event.type !== 'MemberRegistered') return;
    const { memberId, account, nickname, kind, registeredAt } = event.data;
    writer.upsertVersioned(MEMBERS, memberId, envelope, {
      $set: { account, nickname, kind, registeredAt, state: 'enabled' },
    });
    writer.upsertVersioned(MEMBER_ACCOUNTS, account.toLowerCase(), envelope, { $set: { memberId } });
  },
};
