export const BADGE_MAX = 99;

/** The text of a count badge: nothing for zero, the number up to the maximum, then "99+". */
export function formatBadgeCount(count: number, max = BADGE_MAX): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > max ? `${max}+` : String(Math.floor(count));
}
