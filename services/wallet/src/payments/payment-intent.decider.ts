import { streamId } from '@forum/contracts';
import type { PaymentIntentEvent } from '@forum/contracts';
import { Decider, DomainError } from '@forum/event-store';

export function intentStream(intentId: string): string {
  return streamId('paymentIntent', intentId);
}

export type IntentStatus = 'none' | 'pending' | 'paid' | 'failed' | 'expired';

export interface IntentState {
  status: IntentStatus;
  intentId: string | null;
  memberId: string | null;
  amount: number;
  provider: string | null;
  expiresAt: string | null;
}

export type IntentCommand =
  | { type: 'Create'; intentId: string; memberId: string; amount: number; provider: string; now: Date; expiresAt: Date }
  | {
      type: 'MarkPaid';
      amount: number;
      providerTradeNo: string;
      via: 'notify' | 'reconciliation';
      now: Date;
    }
  | { type: 'MarkFailed'; reason: string; now: Date }
  | { type: 'Expire'; now: Date };

/**
 * A payment intent: pending → paid / failed / expired. The provider is the truth about money: a payment it
 * confirms is booked even after the intent failed or expired on our side (the member did pay). Paying twice,
 * failing or expiring a settled intent change nothing, so duplicate and concurrent notifies are harmless.
 */
export const paymentIntentDecider: Decider<IntentState, IntentCommand, PaymentIntentEvent> = {
  name: 'paymentIntent',
  initialState: () => ({
    status: 'none',
    intentId: null,
    memberId: null,
    amount: 0,
    provider: null,
    expiresAt: null,
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'PaymentIntentCreated':
        return {
          status: 'pending',
          intentId: event.data.intentId,
          memberId: event.data.memberId,
          amount: event.data.amount,
          provider: event.data.provider,
          expiresAt: event.data.expiresAt,
        };
      case 'PaymentIntentPaid':
        return { ...state, status: 'paid' };
      case 'PaymentIntentFailed':
        return { ...state, status: 'failed' };
      case 'PaymentIntentExpired':
        return { ...state, status: 'expired' };
    }
  },
  decide(command, state) {
    if (command.type === 'Create') {
      if (state.status !== 'none') return [];
      if (!Number.isSafeInteger(command.amount) || command.amount <= 0) throw new DomainError('wallet.amount_invalid');
      return [
        {
          type: 'PaymentIntentCreated',
          data: {
            intentId: command.intentId,
            memberId: command.memberId,
            amount: command.amount,
            provider: command.provider,
            createdAt: command.now.toISOString(),
            expiresAt: command.expiresAt.toISOString(),
          },
        },
      ];
    }
    if (state.status === 'none') throw new DomainError('wallet.payment_intent_not_found');
    const { intentId, memberId } = state as { intentId: string; memberId: string };
    switch (command.type) {
      case 'MarkPaid':
        if (state.status === 'paid') return [];
        if (command.amount !== state.amount) throw new DomainError('wallet.payment_amount_mismatch');
        return [
          {
            type: 'PaymentIntentPaid',
            data: {
              intentId,
              memberId,
              amount: state.amount,
              provider: state.provider!,
              providerTradeNo: command.providerTradeNo,
              via: command.via,
              paidAt: command.now.toISOString(),
            },
          },
        ];
      case 'MarkFailed':
        return state.status === 'pending'
          ? [
              {
                type: 'PaymentIntentFailed',
                data: { intentId, memberId, reason: command.reason, at: command.now.toISOString() },
              },
            ]
          : [];
      case 'Expire':
        return state.status === 'pending'
          ? [{ type: 'PaymentIntentExpired', data: { intentId, memberId, at: command.now.toISOString() } }]
          : [];
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
};
