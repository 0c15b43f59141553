import type {
  MembershipOrderEvent,
  MembershipOrderSnapshot,
  MembershipStockEvent,
  WalletEvent,
} from '@forum/contracts';
import { given } from '@forum/testing';
import { walletDecider } from '../ledger/wallet.decider';
import { membershipOrderDecider } from './membership-order.decider';
import { membershipPaymentDecider } from './membership-payment.decider';
import { orderNumber } from './membership-purchases';
import { membershipStockDecider } from './membership-stock.decider';

const target = { cardId: 'c1', specId: 's1' };
const stocked = (stockAfter: number, change = stockAfter): MembershipStockEvent => ({
  type: 'MembershipStockChanged',
  data: { ...target, change, stockAfter, reason: 'staff', orderId: null, by: 'staff-1' },
});

describe('membership stock decider', () => {
  it('takes a unit while there is one and refuses at zero', () => {
    given(membershipStockDecider, [stocked(1)])
      .when({ type: 'Take', ...target, orderId: 'o1' })
      .then([
        {
          type: 'MembershipStockChanged',
          data: { ...target, change: -1, stockAfter: 0, reason: 'purchase', orderId: 'o1', by: null },
        },
      ]);
    given(membershipStockDecider, [stocked(1), stocked(0, -1)])
      .when({ type: 'Take', ...target, orderId: 'o2' })
      .thenError('wallet.membership_sold_out');
  });

  it('gives a refused purchase its unit back, and lets staff add or remove units but never below zero', () => {
    given(membershipStockDecider, [stocked(0)])
      .when({ type: 'GiveBack', ...target, orderId: 'o1' })
      .then([
        {
          type: 'MembershipStockChanged',
          data: { ...target, change: 1, stockAfter: 1, reason: 'purchase_refused', orderId: 'o1', by: null },
        },
      ]);
    given(membershipStockDecider, [stocked(2)])
      .when({ type: 'Adjust', ...target, change: -3, by: 'staff-1' })
      .thenError('wallet.membership_stock_negative');
    given(membershipStockDecider, [stocked(2)])
      .when({ type: 'Adjust', ...target, change: -2, by: 'staff-1' })
      .then([stocked(0, -2)]);
  });
});

const order: MembershipOrderSnapshot = {
  orderId: 'o1',
  orderNumber: '202611211200001234567890',
  memberId: 'm1',
  cardId: 'c1',
  specId: 's1',
  cardName: 'Gold',
  specName: 'Month',
  roleId: 'vip',
  roleName: 'VIP',
  amount: 3000,
  points: 0,
  quantity: 1,
  duration: 1,
  unit: 'month',
  at: '2026-11-21T12:00:00.000Z',
};
const placed: MembershipOrderEvent = { type: 'MembershipOrderPlaced', data: order };
const paid: MembershipOrderEvent = { type: 'MembershipPurchased', data: { ...order, paidAt: order.at } };

describe('membership order decider', () => {
  it('is paid once, never after a cancellation, and records one grant', () => {
    given(membershipOrderDecider, [placed]).when({ type: 'Pay', paidAt: order.at }).then([paid]);
    given(membershipOrderDecider, [placed, paid]).when({ type: 'Pay', paidAt: order.at }).thenNothingHappened();
    given(membershipOrderDecider, [
      placed,
      { type: 'MembershipOrderCancelled', data: { orderId: 'o1', memberId: 'm1', reason: 'x', at: order.at } },
    ])
      .when({ type: 'Pay', paidAt: order.at })
      .thenNothingHappened();
    given(membershipOrderDecider, [placed]).when({ type: 'RecordGrant', validUntil: null }).thenNothingHappened();
    const granted: MembershipOrderEvent = {
      type: 'MembershipRoleGranted',
      data: { orderId: 'o1', memberId: 'm1', orderNumber: order.orderNumber, roleId: 'vip', validUntil: null },
    };
    given(membershipOrderDecider, [placed, paid]).when({ type: 'RecordGrant', validUntil: null }).then([granted]);
    given(membershipOrderDecider, [placed, paid, granted])
      .when({ type: 'RecordGrant', validUntil: null })
      .thenNothingHappened();
  });

  it('numbers orders by time, digits only', () => {
    expect(orderNumber('o1', new Date('2026-11-21T12:34:56.789Z'))).toMatch(/^20261121123456789\d{7}$/);
  });
});

describe('membership payment decider', () => {
  const credit = (fen: number, points: number): WalletEvent[] => [
    ...walletDecider.decide(
      { type: 'Credit', walletId: 'm1', operationId: 'a', module: 160, amount: fen, remark: '', now: new Date() },
      walletDecider.initialState(),
    ),
    ...walletDecider.decide(
      {
        type: 'CreditPoints',
        walletId: 'm1',
        operationId: 'b',
        module: 600,
        amount: points,
        remark: '',
        now: new Date(),
      },
      walletDecider.initialState(),
    ),
  ];
  const payment = { walletId: 'm1', orderId: 'o1', amount: 3000, points: 100, remark: 'Gold', now: new Date() };

  it('debits balance (module 1) and points (module 500) in one decision', () => {
    const events = membershipPaymentDecider.decide(
      payment,
      credit(5000, 100).reduce(walletDecider.evolve, walletDecider.initialState()),
    );
    expect(events.map((event) => [event.type, event.data.module, event.data.amount, event.data.operationId])).toEqual([
      ['BalanceDebited', 1, 3000, 'membership:o1:balance'],
      ['PointsDebited', 500, 100, 'membership:o1:points'],
    ]);
  });

  it('pays all or nothing: too few points refuse the balance debit as well', () => {
    given(membershipPaymentDecider, credit(5000, 99)).when(payment).thenError('wallet.insufficient_points');
  });
});
