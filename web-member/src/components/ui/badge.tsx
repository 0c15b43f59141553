import { BADGE_MAX, formatBadgeCount } from '@/lib/badge';

/** A count bubble ("99+" above the maximum); hidden from assistive tech, whose label carries the number. */
export function Badge({ count, max = BADGE_MAX }: { count: number; max?: number }) {
  const text = formatBadgeCount(count, max);
  if (!text) return null;
  return (
    <span className="badge" aria-hidden="true">
      {text}
    </span>
  );
}
