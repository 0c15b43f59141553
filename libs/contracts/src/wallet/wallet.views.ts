/** The wallet's public read views (`/api/wallet/...`): money is integer fen, points are whole points. */

export interface WalletView {
  memberId: string;
  /** Integer fen. */
  available: number;
  frozen: number;
  points: number;
}

/**
 * How a balance entry moved money: `credit`/`debit` on available, `freeze` (available → frozen),
 * `release` (frozen → available), `spend` (out of frozen). `amount` is signed by what the member sees leave or
 * arrive in the affected balance.
 */
export type BalanceEntryKind = 'credit' | 'debit' | 'freeze' | 'release' | 'spend';

/** A row of a wallet's balance ledger, newest first. */
export interface BalanceEntryView {
  memberId: string;
  /** Human-readable, unique. */
  serial: string;
  /** Balance module code (docs/rules/wallet.md). */
  module: number;
  kind: BalanceEntryKind;
  amount: number;
  availableAfter: number;
  frozenAfter: number;
  remark: string;
  reference: string | null;
  operationId: string;
  at: string;
}

/** A row of a wallet's points ledger, newest first. */
export interface PointsEntryView {
  memberId: string;
  serial: string;
  /** Points module code (docs/rules/wallet.md). */
  module: number;
  direction: 'income' | 'expense';
  /** Signed like `direction`. */
  amount: number;
  pointsAfter: number;
  remark: string;
  reference: string | null;
  operationId: string;
  at: string;
}
