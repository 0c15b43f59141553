import { useTranslation } from '@/lib/translator';
import { formatFen } from '@contracts/wallet/money';
import type { DurationUnit, MembershipSpec } from '../api/membership';

/** "¥30.00 + 100 points", whichever parts the price has. */
export function usePriceText() {
  const { t } = useTranslation();
  return (spec: Pick<MembershipSpec, 'price' | 'points'>) =>
    [
      spec.price > 0 ? formatFen(spec.price) : null,
      spec.points > 0 ? t('membership.points', { count: spec.points }) : null,
    ]
      .filter(Boolean)
      .join(' + ');
}

/** "1 month", "7 days". */
export function useDurationText() {
  const { t } = useTranslation();
  return (duration: number, unit: DurationUnit) => t(`membership.unit.${unit}`, { count: duration });
}
