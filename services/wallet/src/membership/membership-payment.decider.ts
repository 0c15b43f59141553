import { BALANCE_MODULES, POINTS_MODULES } from '@forum/contracts';
import type { WalletEvent } from '@forum/contracts';
import { Decider } from '@forum/event-store';
import { walletDecider, WalletCommand, WalletState } from '../ledger/wallet.decider';

export interface MembershipPayment {
  walletId: string;
  orderId: string;
  /** Integer fen from the balance, and points; either may be 0. */
  amount: number;
  points: number;
  remark: string;
  now: Date;
}

/** The operation a card's payment is booked under (its ledger idempotency key is `ledger:<this>`). */
export const paymentOperation = (orderId: string) => `membership:${orderId}`;

/**
 * A card's payment on the member's wallet stream: the balance debit (module 1) and the points debit (module 500)
 * decided together by the wallet's own rules and appended as one commit, so a price in money and points is paid
 * in full or not at all — no refund entry is ever needed. Both leave the system (the audit counts them out).
 */
export const membershipPaymentDecider: Decider<WalletState, MembershipPayment, WalletEvent> = {
  name: 'membershipPayment',
  initialState: walletDecider.initialState,
  evolve: walletDecider.evolve,
  decide(payment, state) {
    const base = { walletId: payment.walletId, remark: payment.remark, reference: payment.orderId, now: payment.now };
    const operation = paymentOperation(payment.orderId);
    const steps: WalletCommand[] = [];
    if (payment.amount > 0)
      steps.push({
        ...base,
        type: 'Debit',
        operationId: `${operation}:balance`,
        module: BALANCE_MODULES.membershipCard,
        amount: payment.amount,
      });
    if (payment.points > 0)
      steps.push({
        ...base,
        type: 'DebitPoints',
        operationId: `${operation}:points`,
        module: POINTS_MODULES.membershipCard,
        amount: payment.points,
      });
    const events: WalletEvent[] = [];
    let current = state;
    for (const step of steps) {
      const decided = walletDecider.decide(step, current);
      events.push(...decided);
      current = decided.reduce(walletDecider.evolve, current);
    }
    return events;
  },
};
