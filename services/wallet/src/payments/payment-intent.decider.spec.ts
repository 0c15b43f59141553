import type { PaymentIntentEvent } from '@forum/contracts';
import { given } from '@forum/testing';
import { intentStream, paymentIntentDecider } from './payment-intent.decider';

const t0 = new Date('2026-11-21T10:00:00.000Z');
const t1 = new Date('2026-11-21T10:05:00.000Z');
const expiresAt = new Date('2026-11-21T10:30:00.000Z');

const created: PaymentIntentEvent = {
  type: 'PaymentIntentCreated',
  data: {
    intentId: 'i1',
    memberId: 'm1',
    amount: 10_000,
    provider: 'sandbox',
    createdAt: t0.toISOString(),
    expiresAt: expiresAt.toISOString(),
  },
};
const paid = (via: 'notify' | 'reconciliation' = 'notify'): PaymentIntentEvent => ({
  type: 'PaymentIntentPaid',
  data: {
    intentId: 'i1',
    memberId: 'm1',
    amount: 10_000,
    provider: 'sandbox',
    providerTradeNo: 'T1',
    via,
    paidAt: t1.toISOString(),
  },
});
const failed: PaymentIntentEvent = {
  type: 'PaymentIntentFailed',
  data: { intentId: 'i1', memberId: 'm1', reason: 'declined', at: t1.toISOString() },
};
const expired: PaymentIntentEvent = {
  type: 'PaymentIntentExpired',
  data: { intentId: 'i1', memberId: 'm1', at: t1.toISOString() },
};

const create = {
  type: 'Create',
  intentId: 'i1',
  memberId: 'm1',
  amount: 10_000,
  provider: 'sandbox',
  now: t0,
  expiresAt,
} as const;
const markPaid = (amount = 10_000, via: 'notify' | 'reconciliation' = 'notify') =>
  ({ type: 'MarkPaid', amount, providerTradeNo: 'T1', via, now: t1 }) as const;

describe('payment intent decider', () => {
  it('creates a pending intent once', () => {
    given(paymentIntentDecider).when(create).then([created]);
    given(paymentIntentDecider, [created]).when(create).thenNothingHappened();
  });

  it('refuses an intent for nothing', () => {
    given(paymentIntentDecider)
      .when({ ...create, amount: 0 })
      .thenError('wallet.amount_invalid');
  });

  it('is paid once, however often the provider says so', () => {
    given(paymentIntentDecider, [created]).when(markPaid()).then([paid()]);
    given(paymentIntentDecider, [created, paid()]).when(markPaid()).thenNothingHappened();
  });

  it('refuses a payment of another amount', () => {
    given(paymentIntentDecider, [created]).when(markPaid(9_999)).thenError('wallet.payment_amount_mismatch');
  });

  it('refuses to settle an intent that does not exist', () => {
    given(paymentIntentDecider).when(markPaid()).thenError('wallet.payment_intent_not_found');
  });

  it('fails or expires only while pending', () => {
    given(paymentIntentDecider, [created]).when({ type: 'MarkFailed', reason: 'declined', now: t1 }).then([failed]);
    given(paymentIntentDecider, [created]).when({ type: 'Expire', now: t1 }).then([expired]);
    given(paymentIntentDecider, [created, paid()]).when({ type: 'Expire', now: t1 }).thenNothingHappened();
    given(paymentIntentDecider, [created, paid()])
      .when({ type: 'MarkFailed', reason: 'x', now: t1 })
      .thenNothingHappened();
    given(paymentIntentDecider, [created, expired])
      .when({ type: 'MarkFailed', reason: 'x', now: t1 })
      .thenNothingHappened();
  });

  it('books a payment the provider confirms after the intent expired or failed: the member did pay', () => {
    given(paymentIntentDecider, [created, expired])
      .when(markPaid(10_000, 'reconciliation'))
      .then([paid('reconciliation')]);
    given(paymentIntentDecider, [created, failed]).when(markPaid()).then([paid()]);
  });

  it('names the stream', () => {
    expect(intentStream('i1')).toBe('paymentIntent-i1');
  });
});
