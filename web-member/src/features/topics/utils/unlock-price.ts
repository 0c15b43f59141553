import type { TFunction } from 'i18next';
import { formatFen } from '@/features/wallet/utils/money';

/** A paid unlock's price as the member reads it: points for type 40, yuan for type 50 (the API speaks fen). */
export function formatUnlockPrice(type: number, amount: number, t: TFunction): string {
  return type === 50 ? formatFen(amount) : t('forum.paid.points', { count: amount });
}
