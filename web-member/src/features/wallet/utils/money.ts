/**
 * Money on the member site: the API answers integer fen and takes yuan text ("12.34"); these convert between
 * the two as text, never through a binary fraction (the same rules as the wallet's `money.ts`).
 */
const YUAN = /^(\d+)(?:\.(\d{1,2}))?$/;
export const MAX_YUAN_DIGITS = 12;

/** Yuan text to integer fen; null unless it is digits with at most 2 decimals, ≤ 12 digits and > 0. */
export function yuanToFen(input: string): number | null {
  const match = YUAN.exec(input.trim());
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  // Leading zeros are not digits of the amount ("007" is 7 yuan).
  if (whole!.replace(/^0+/, '').length + fraction.length > MAX_YUAN_DIGITS) return null;
  const fen = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return fen > 0 && Number.isSafeInteger(fen) ? fen : null;
}

/** Fen as yuan with two decimals (`12345` → `"123.45"`). */
export function fenToYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Fen with the currency sign; `signed` also marks income with "+" (ledger rows). */
export function formatFen(fen: number, { signed = false } = {}): string {
  const text = `¥${fenToYuan(Math.abs(fen))}`;
  if (fen < 0) return `-${text}`;
  return signed && fen > 0 ? `+${text}` : text;
}
