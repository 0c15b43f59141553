import type { BalanceEntry } from '../api/types';

/**
 * What one balance entry did to each of the two balances (fen, signed). A freeze moves money from available to
 * frozen and a release moves it back; only a spend takes it out of frozen. Shown apart, a bounty held and then
 * awarded reads as one −¥8 on available and +¥8 / −¥8 on frozen, not as two spends (issue 19).
 */
export function balanceMovement(entry: Pick<BalanceEntry, 'kind' | 'amount'>): { available: number; frozen: number } {
  switch (entry.kind) {
    case 'credit':
    case 'debit':
      return { available: entry.amount, frozen: 0 };
    case 'freeze':
    case 'release':
      return { available: entry.amount, frozen: -entry.amount };
    case 'spend':
      return { available: 0, frozen: entry.amount };
  }
}
