import type { TransferPlan, WalletEvent } from '@forum/contracts';
import { fold } from '@forum/event-store';
import { given } from '@forum/testing';
import { serialNumber } from './serial-number';
import { Movement, walletDecider, WalletCommand, walletStream } from './wallet.decider';

const now = new Date('2026-11-21T10:00:00.000Z');
const at = now.toISOString();

const movement = (overrides: Partial<Movement> = {}): Movement => ({
  walletId: 'm1',
  operationId: 'op-1',
  module: 5,
  amount: 100,
  remark: 'recharge',
  now,
  ...overrides,
});

const entry = (position: number, overrides: Partial<Movement> = {}) => {
  const m = movement(overrides);
  return {
    memberId: m.walletId,
    operationId: m.operationId,
    module: m.module,
    amount: m.amount,
    remark: m.remark,
    serial: serialNumber(m.walletId, position, now),
    at,
    reference: m.reference ?? null,
    transferId: m.transferId ?? null,
  };
};

/** A builder: the event a credit of `amount` on an empty history would record. */
const credited = (amount: number, availableAfter = amount, frozenAfter = 0, position = 1): WalletEvent => ({
  type: 'BalanceCredited',
  data: { ...entry(position, { amount }), availableAfter, frozenAfter },
});
const pointsCredited = (amount: number, position = 1): WalletEvent => ({
  type: 'PointsCredited',
  data: { ...entry(position, { amount, module: 100 }), pointsAfter: amount },
});
const frozenFrom = (available: number, frozen: number, amount: number, position: number): WalletEvent => ({
  type: 'BalanceFrozen',
  data: {
    ...entry(position, { amount, module: 120 }),
    availableAfter: available - amount,
    frozenAfter: frozen + amount,
  },
});

const command = (type: WalletCommand['type'], overrides: Partial<Movement> = {}, extra: object = {}) =>
  ({ type, ...movement(overrides), ...extra }) as WalletCommand;

describe('wallet decider', () => {
  it('credits the available balance', () => {
    given(walletDecider)
      .when(command('Credit'))
      .then([credited(100)]);
  });

  it('debits the available balance', () => {
    given(walletDecider, [credited(100)])
      .when(command('Debit', { amount: 30, module: 70 }))
      .then([
        {
          type: 'BalanceDebited',
          data: { ...entry(2, { amount: 30, module: 70 }), availableAfter: 70, frozenAfter: 0, transfer: null },
        },
      ]);
  });

  it('debits everything down to exactly zero', () => {
    given(walletDecider, [credited(100)])
      .when(command('Debit', { amount: 100 }))
      .then([{ type: 'BalanceDebited', data: { ...entry(2), availableAfter: 0, frozenAfter: 0, transfer: null } }]);
  });

  it('refuses a debit beyond the available balance', () => {
    given(walletDecider, [credited(100)])
      .when(command('Debit', { amount: 101 }))
      .thenError('wallet.insufficient_balance');
    given(walletDecider)
      .when(command('Debit', { amount: 1 }))
      .thenError('wallet.insufficient_balance');
  });

  it('does not count frozen money as available', () => {
    given(walletDecider, [credited(100), frozenFrom(100, 0, 80, 2)])
      .when(command('Debit', { amount: 21 }))
      .thenError('wallet.insufficient_balance');
  });

  it('freezes from available to frozen', () => {
    given(walletDecider, [credited(100)])
      .when(command('Freeze', { amount: 80, module: 120 }))
      .then([frozenFrom(100, 0, 80, 2)]);
  });

  it('refuses to freeze more than is available', () => {
    given(walletDecider, [credited(100)])
      .when(command('Freeze', { amount: 101 }))
      .thenError('wallet.insufficient_balance');
  });

  it('releases from frozen back to available', () => {
    given(walletDecider, [credited(100), frozenFrom(100, 0, 80, 2)])
      .when(command('Release', { amount: 30, module: 140 }))
      .then([
        {
          type: 'FrozenBalanceReleased',
          data: { ...entry(3, { amount: 30, module: 140 }), availableAfter: 50, frozenAfter: 50 },
        },
      ]);
  });

  it('refuses to release more than is frozen', () => {
    given(walletDecider, [credited(100), frozenFrom(100, 0, 80, 2)])
      .when(command('Release', { amount: 81 }))
      .thenError('wallet.insufficient_frozen');
  });

  it('spends frozen money along a transfer plan', () => {
    const transfer: TransferPlan = {
      transferId: 't1',
      legs: [{ memberId: 'm2', amount: 10, module: 130, remark: 'envelope share' }],
    };
    given(walletDecider, [credited(100), frozenFrom(100, 0, 80, 2)])
      .when(command('SpendFrozen', { amount: 10, module: 120 }, { transfer }))
      .then([
        {
          type: 'FrozenBalanceSpent',
          data: { ...entry(3, { amount: 10, module: 120 }), availableAfter: 20, frozenAfter: 70, transfer },
        },
      ]);
  });

  it('refuses to spend more than is frozen', () => {
    given(walletDecider, [credited(100)])
      .when(command('SpendFrozen', { amount: 1 }))
      .thenError('wallet.insufficient_frozen');
  });

  it('refuses a transfer plan whose legs do not add up to the amount', () => {
    const transfer: TransferPlan = {
      transferId: 't1',
      legs: [{ memberId: 'm2', amount: 9, module: 80, remark: '' }],
    };
    given(walletDecider, [credited(100)])
      .when(command('Debit', { amount: 10 }, { transfer }))
      .thenError('wallet.amount_invalid');
  });

  it('credits and debits points', () => {
    given(walletDecider)
      .when(command('CreditPoints', { amount: 10, module: 100 }))
      .then([pointsCredited(10)]);
    given(walletDecider, [pointsCredited(10)])
      .when(command('DebitPoints', { amount: 10, module: 400 }))
      .then([
        {
          type: 'PointsDebited',
          data: { ...entry(2, { amount: 10, module: 400 }), pointsAfter: 0, transfer: null },
        },
      ]);
  });

  it('refuses to spend more points than the member has', () => {
    given(walletDecider, [pointsCredited(10)])
      .when(command('DebitPoints', { amount: 11 }))
      .thenError('wallet.insufficient_points');
  });

  it('keeps points and balance apart', () => {
    given(walletDecider, [credited(100)])
      .when(command('DebitPoints', { amount: 1 }))
      .thenError('wallet.insufficient_points');
    given(walletDecider, [pointsCredited(10)])
      .when(command('Debit', { amount: 1 }))
      .thenError('wallet.insufficient_balance');
  });

  it.each([0, -5, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1])('refuses the amount %p', (amount) => {
    given(walletDecider).when(command('Credit', { amount })).thenError('wallet.amount_invalid');
  });

  it('refuses a credit whose result would not be an exact number', () => {
    given(walletDecider, [credited(Number.MAX_SAFE_INTEGER)])
      .when(command('Credit', { amount: 1 }))
      .thenError('wallet.amount_invalid');
  });

  it('numbers entries in order: serial numbers differ within a wallet and between wallets', () => {
    const state = fold(walletDecider, [credited(100), frozenFrom(100, 0, 80, 2)]);
    expect(state).toEqual({ available: 20, frozen: 80, points: 0, entries: 2 });
    expect(serialNumber('m1', 1, now)).toMatch(/^20261121\d{18}$/);
    expect(serialNumber('m1', 1, now)).not.toBe(serialNumber('m1', 2, now));
    expect(serialNumber('m1', 1, now)).not.toBe(serialNumber('m2', 1, now));
  });

  it('names the wallet streams', () => {
    expect(walletStream('m1')).toBe('wallet-m1');
    expect(walletStream('platform')).toBe('wallet-platform');
  });
});
