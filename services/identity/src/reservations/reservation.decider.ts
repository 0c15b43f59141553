import type { ReservationEvent } from '@forum/contracts';
import { Decider, DomainError } from '@forum/event-store';
import type { ErrorCode } from '@forum/contracts';

/** `phone` and `email` reservations are keyed (and named) by a hash of the normalised value, never the value. */
export type NameKind = 'account' | 'nickname' | 'phone' | 'email';

export interface ReservationState {
  ownerId: string | null;
}

export type ReservationCommand =
  | { type: 'Reserve'; kind: NameKind; name: string; ownerId: string }
  | { type: 'Release'; kind: NameKind; name: string; ownerId: string };

const TAKEN: Record<NameKind, ErrorCode> = {
  account: 'identity.account_taken',
  nickname: 'identity.nickname_taken',
  phone: 'identity.phone_taken',
  email: 'identity.email_taken',
};

/** One stream per unique name: whoever appends the reservation first owns it, however many race. */
export const reservationDecider: Decider<ReservationState, ReservationCommand, ReservationEvent> = {
  name: 'reservation',
  initialState: () => ({ ownerId: null }),
  evolve: (_state, event) => ({ ownerId: event.type === 'NameReserved' ? event.data.ownerId : null }),
  decide(command, state) {
    const data = { kind: command.kind, name: command.name, ownerId: command.ownerId };
    switch (command.type) {
      case 'Reserve':
        if (state.ownerId === command.ownerId) return [];
        if (state.ownerId) throw new DomainError(TAKEN[command.kind]);
        return [{ type: 'NameReserved', data }];
      case 'Release':
        return state.ownerId === command.ownerId ? [{ type: 'NameReleased', data }] : [];
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
};
