import { streamId } from '@forum/contracts';
import type { TransferPlan, WalletEvent } from '@forum/contracts';
import { Decider, DomainError } from '@forum/event-store';
import { serialNumber } from './serial-number';

/** One stream per wallet: `wallet-<memberId>`, and `wallet-platform` for the platform's revenue. */
export function walletStream(walletId: string): string {
  return streamId('wallet', walletId);
}

export interface WalletState {
  available: number;
  frozen: number;
  points: number;
  /** Entries so far: the next entry's position (its serial number's last part). */
  entries: number;
}

/** What every movement names: whose wallet, which operation (its idempotency key), why, how much. */
export interface Movement {
  walletId: string;
  operationId: string;
  module: number;
  /** Positive integer fen (balance) or points. */
  amount: number;
  remark: string;
  reference?: string | null;
  /** On a transfer's credit legs: the transfer they complete. */
  transferId?: string | null;
  now: Date;
}

export type WalletCommand =
  | ({ type: 'Credit' } & Movement)
  | ({ type: 'Debit'; transfer?: TransferPlan | null } & Movement)
  | ({ type: 'Freeze' } & Movement)
  | ({ type: 'Release' } & Movement)
  | ({ type: 'SpendFrozen'; transfer?: TransferPlan | null } & Movement)
  | ({ type: 'CreditPoints' } & Movement)
  | ({ type: 'DebitPoints'; transfer?: TransferPlan | null } & Movement);

const initialState = (): WalletState => ({ available: 0, frozen: 0, points: 0, entries: 0 });

function checkAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new DomainError('wallet.amount_invalid');
}

function checkPlan(amount: number, plan: TransferPlan | null | undefined): void {
  if (!plan) return;
  for (const leg of plan.legs) checkAmount(leg.amount);
  if (plan.legs.reduce((sum, leg) => sum + leg.amount, 0) !== amount) throw new DomainError('wallet.amount_invalid');
}

/** Money and points never exceed what a number holds exactly. */
function checkedSum(a: number, b: number): number {
  const sum = a + b;
  if (!Number.isSafeInteger(sum)) throw new DomainError('wallet.amount_invalid');
  return sum;
}

/**
 * A wallet's ledger: every command is one entry, refused when it would take available, frozen or points below
 * zero. Operation ids are not remembered here: the event store's idempotency key (the operation id) makes a
 * replayed operation return its first outcome without deciding again.
 */
export const walletDecider: Decider<WalletState, WalletCommand, WalletEvent> = {
  name: 'wallet',
  initialState,
  evolve(state, event) {
    const entries = state.entries + 1;
    switch (event.type) {
      case 'PointsCredited':
      case 'PointsDebited':
        return { ...state, points: event.data.pointsAfter, entries };
      default:
        return { ...state, available: event.data.availableAfter, frozen: event.data.frozenAfter, entries };
    }
  },
  decide(command, state) {
    checkAmount(command.amount);
    const entry = {
      memberId: command.walletId,
      operationId: command.operationId,
      module: command.module,
      amount: command.amount,
      remark: command.remark,
      serial: serialNumber(command.walletId, state.entries + 1, command.now),
      at: command.now.toISOString(),
      reference: command.reference ?? null,
      transferId: command.transferId ?? null,
    };
    const { available, frozen, points } = state;
    switch (command.type) {
      case 'Credit':
        return [
          {
            type: 'BalanceCredited',
            data: { ...entry, availableAfter: checkedSum(available, command.amount), frozenAfter: frozen },
          },
        ];
      case 'Debit':
        if (command.amount > available) throw new DomainError('wallet.insufficient_balance');
        checkPlan(command.amount, command.transfer);
        return [
          {
            type: 'BalanceDebited',
            data: {
              ...entry,
              availableAfter: available - command.amount,
              frozenAfter: frozen,
              transfer: command.transfer ?? null,
            },
          },
        ];
      case 'Freeze':
        if (command.amount > available) throw new DomainError('wallet.insufficient_balance');
        return [
          {
            type: 'BalanceFrozen',
            data: {
              ...entry,
              availableAfter: available - command.amount,
              frozenAfter: checkedSum(frozen, command.amount),
            },
          },
        ];
      case 'Release':
        if (command.amount > frozen) throw new DomainError('wallet.insufficient_frozen');
        return [
          {
            type: 'FrozenBalanceReleased',
            data: {
              ...entry,
              availableAfter: checkedSum(available, command.amount),
              frozenAfter: frozen - command.amount,
            },
          },
        ];
      case 'SpendFrozen':
        if (command.amount > frozen) throw new DomainError('wallet.insufficient_frozen');
        checkPlan(command.amount, command.transfer);
        return [
          {
            type: 'FrozenBalanceSpent',
            data: {
              ...entry,
              availableAfter: available,
              frozenAfter: frozen - command.amount,
              transfer: command.transfer ?? null,
            },
          },
        ];
      case 'CreditPoints':
        return [{ type: 'PointsCredited', data: { ...entry, pointsAfter: checkedSum(points, command.amount) } }];
      case 'DebitPoints':
        if (command.amount > points) throw new DomainError('wallet.insufficient_points');
        checkPlan(command.amount, command.transfer);
        return [
          {
            type: 'PointsDebited',
            data: { ...entry, pointsAfter: points - command.amount, transfer: command.transfer ?? null },
          },
        ];
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
};
