import type { MemberContactEvent, MemberEvent } from '@forum/contracts';
import { Decider, DomainError } from '@forum/event-store';

export interface MemberContactState {
  registered: boolean;
  phoneBound: boolean;
}

export type MemberContactCommand =
  | { type: 'BindPhone'; memberId: string; phoneMasked: string; now: Date }
  | { type: 'ChangePhone'; memberId: string; phoneMasked: string; now: Date }
  | { type: 'BindEmail'; memberId: string; emailMasked: string; now: Date }
  | { type: 'RecordPasswordChange'; memberId: string; reason: 'recovery' | 'change'; now: Date };

/**
 * The member's contacts and password, decided on the member stream next to its registration. Only the
 * facts this decider needs are folded; other member events (profile, roles) pass through untouched.
 */
export const memberContactDecider: Decider<MemberContactState, MemberContactCommand, MemberEvent | MemberContactEvent> =
  {
    name: 'memberContact',
    initialState: () => ({ registered: false, phoneBound: false }),
    evolve(state, event) {
      switch (event.type) {
        case 'MemberRegistered':
          return { ...state, registered: true };
        case 'PhoneBound':
          return { ...state, phoneBound: true };
        default:
          return state;
      }
    },
    decide(command, state) {
      if (!state.registered) throw new DomainError('common.not_found');
      const at = command.now.toISOString();
      switch (command.type) {
        case 'BindPhone':
          // Binding is the real-name authentication, done once; a new number goes through the change steps.
          if (state.phoneBound) throw new DomainError('identity.phone_already_bound');
          return [
            { type: 'PhoneBound', data: { memberId: command.memberId, phoneMasked: command.phoneMasked, boundAt: at } },
          ];
        case 'ChangePhone':
          if (!state.phoneBound) throw new DomainError('identity.phone_not_bound');
          return [
            {
              type: 'PhoneChanged',
              data: { memberId: command.memberId, phoneMasked: command.phoneMasked, changedAt: at },
            },
          ];
        case 'BindEmail':
          return [
            { type: 'EmailBound', data: { memberId: command.memberId, emailMasked: command.emailMasked, boundAt: at } },
          ];
        case 'RecordPasswordChange':
          return [{ type: 'PasswordChanged', data: { memberId: command.memberId, at, reason: command.reason } }];
        default: {
          const unknown: never = command;
          throw new Error(`unknown command ${JSON.stringify(unknown)}`);
        }
      }
    },
  };
