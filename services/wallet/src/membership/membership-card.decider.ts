import { streamId } from '@forum/contracts';
import type { MembershipCardDefinition, MembershipCardEvent } from '@forum/contracts';
import { Decider, DomainError } from '@forum/event-store';

export const cardStream = (cardId: string) => streamId('membershipCard', cardId);

export interface MembershipCardState {
  card: MembershipCardDefinition | null;
}

export type MembershipCardCommand =
  { type: 'Create'; card: MembershipCardDefinition } | { type: 'Change'; card: MembershipCardDefinition };

/** A membership card (docs/rules/wallet.md, membership cards): staff create it, then replace its definition; it is never deleted (off sale). */
export const membershipCardDecider: Decider<MembershipCardState, MembershipCardCommand, MembershipCardEvent> = {
  name: 'membershipCard',
  initialState: () => ({ card: null }),
  evolve: (_state, event) => ({ card: event.data }),
  decide(command, state) {
    switch (command.type) {
      case 'Create':
        // A retried create (same idempotency key) is answered by the store; a second create is a bug.
        if (state.card) throw new DomainError('common.conflict');
        return [{ type: 'MembershipCardCreated', data: command.card }];
      case 'Change':
        if (!state.card) throw new DomainError('wallet.membership_card_not_found');
        return [{ type: 'MembershipCardChanged', data: command.card }];
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
};
