import type { MemberStateEvent, NewEvent } from '@forum/contracts';
import { Decider, DomainError } from '@forum/event-store';

export interface MemberStateState {
  registered: boolean;
  state: 'enabled' | 'disabled' | 'cancelled';
}

export type MemberStateCommand = {
  type: 'SetState';
  memberId: string;
  state: 'enabled' | 'disabled';
  by: string | null;
  now: Date;
};

/**
 * Enabling and disabling an account, on the member stream (`member-<id>`) beside the other member events, which
 * this decider reads only for whether the member exists and was cancelled.
 */
export const memberStateDecider: Decider<MemberStateState, MemberStateCommand, MemberStateEvent | NewEvent> = {
  name: 'memberState',
  initialState: () => ({ registered: false, state: 'enabled' }),
  evolve(state, event) {
    switch (event.type) {
      case 'MemberRegistered':
        return { ...state, registered: true };
      case 'MemberDisabled':
        return { ...state, state: 'disabled' };
      case 'MemberEnabled':
        return { ...state, state: 'enabled' };
      case 'MemberCancelled':
        return { ...state, state: 'cancelled' };
      default:
        return state;
    }
  },
  decide(command, state) {
    if (!state.registered) throw new DomainError('common.not_found');
    // A cancellation is irreversible (docs/rules/people.md, accounts).
    if (state.state === 'cancelled') throw new DomainError('identity.account_disabled');
    if (state.state === command.state) return [];
    const data = { memberId: command.memberId, by: command.by, at: command.now.toISOString() };
    return [command.state === 'disabled' ? { type: 'MemberDisabled', data } : { type: 'MemberEnabled', data }];
  },
};
