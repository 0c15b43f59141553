import type { TFunction } from '@/lib/translator';
import { formatFen } from '@contracts/wallet/money';

/**
 * A paid unlock's price as the member reads it: points for type 40, yuan for type 50 (the API speaks fen). A yuan
 * price that is not whole fen (a block written by hand) reads "—": `formatFen` refuses to round it.
 */
export function formatUnlockPrice(type: number, amount: number, t: TFunction): string {
  if (type !== 50) return t('forum.paid.points', { count: amount });
  return Number.isSafeInteger(amount) ? formatFen(amount) : '—';
}
