import { streamId } from '@forum/contracts';
import type { MembershipStockEvent } from '@forum/contracts';
import { Decider, DomainError } from '@forum/event-store';

/** One stream per specification: every take and return of a unit is decided here, one at a time. */
export const stockStream = (specId: string) => streamId('membershipStock', specId);

export interface MembershipStockState {
  stock: number;
}

interface StockTarget {
  cardId: string;
  specId: string;
}

export type MembershipStockCommand =
  | ({ type: 'Take'; orderId: string } & StockTarget)
  | ({ type: 'GiveBack'; orderId: string } & StockTarget)
  | ({ type: 'Adjust'; change: number; by: string | null } & StockTarget);

/**
 * A specification's stock. A take is refused at zero, so the units sold never exceed the units stocked: the
 * event store runs the commands of one stream one after another (a lost race decides again on the new state).
 * Retries of one order's take or give-back are answered by the store's idempotency key, not here.
 */
export const membershipStockDecider: Decider<MembershipStockState, MembershipStockCommand, MembershipStockEvent> = {
  name: 'membershipStock',
  initialState: () => ({ stock: 0 }),
  evolve: (_state, event) => ({ stock: event.data.stockAfter }),
  decide(command, { stock }) {
    const { cardId, specId } = command;
    switch (command.type) {
      case 'Take':
        if (stock < 1) throw new DomainError('wallet.membership_sold_out');
        return [changed(cardId, specId, -1, stock - 1, 'purchase', command.orderId, null)];
      case 'GiveBack':
        return [changed(cardId, specId, 1, stock + 1, 'purchase_refused', command.orderId, null)];
      case 'Adjust':
        if (command.change === 0) return [];
        if (stock + command.change < 0) throw new DomainError('wallet.membership_stock_negative');
        return [changed(cardId, specId, command.change, stock + command.change, 'staff', null, command.by)];
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
};

function changed(
  cardId: string,
  specId: string,
  change: number,
  stockAfter: number,
  reason: MembershipStockEvent['data']['reason'],
  orderId: string | null,
  by: string | null,
): MembershipStockEvent {
  return { type: 'MembershipStockChanged', data: { cardId, specId, change, stockAfter, reason, orderId, by } };
}
