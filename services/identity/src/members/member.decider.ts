import type { MemberEvent } from '@forum/contracts';
import { Decider, DomainError } from '@forum/event-store';

export interface MemberState {
  registered: boolean;
}

export interface Register {
  type: 'Register';
  memberId: string;
  account: string;
  nickname: string;
  kind: 'member' | 'staff';
  method: 'account' | 'phone' | 'email' | 'staff' | 'oauth';
  now: Date;
}

export type MemberCommand = Register;

export const memberDecider: Decider<MemberState, MemberCommand, MemberEvent> = {
  name: 'member',
  initialState: () => ({ registered: false }),
  evolve: () => ({ registered: true }),
  decide(command, state) {
    if (state.registered) throw new DomainError('common.conflict');
    const { memberId, account, nickname, kind, method, now } = command;
    return [
      {
        type: 'MemberRegistered',
        data: { memberId, account, nickname, kind, method, registeredAt: now.toISOString() },
      },
    ];
  },
};
