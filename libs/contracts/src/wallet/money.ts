/**
 * Money as the server and both apps show and read it: amounts are integer fen everywhere (events, read models, API
 * answers); people type and read yuan with two decimals. Converted as text, never through a binary fraction, so
 * "0.29" is 29 fen and 12345 fen is "123.45". Pure (no Node or browser API): the web apps import this file itself.
 */

/** Yuan as a member types it: digits, optionally a point and one or two decimals. No sign, no exponent. */
const YUAN = /^(\d+)(?:\.(\d{1,2}))?$/;

/** At most this many digits in a typed amount, decimals included (the recharge form's rule, docs/rules/wallet.md). */
export const MAX_YUAN_DIGITS = 12;

/**
 * Yuan text to integer fen, exactly; null unless it is digits with at most 2 decimals, at most 12 digits in all,
 * and greater than zero. Leading zeros are not digits of the amount ("007" is 7 yuan). A JSON number is read through
 * its shortest decimal text (`String(value)`).
 */
export function yuanToFen(input: string): number | null {
  const match = YUAN.exec(input.trim());
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  if (whole!.replace(/^0+/, '').length + fraction.length > MAX_YUAN_DIGITS) return null;
  const fen = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return fen > 0 && Number.isSafeInteger(fen) ? fen : null;
}

/**
 * Integer fen as yuan with two decimals and its sign (`12345` → `"123.45"`, `-5` → `"-0.05"`). Anything but a safe
 * integer is refused with a RangeError rather than rounded: a fraction of a fen is a bug upstream, not an amount.
 */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`not a whole number of fen: ${fen}`);
  const abs = Math.abs(fen);
  const cents = abs % 100;
  // (abs - cents) is a multiple of 100, so the division is exact.
  return `${fen < 0 ? '-' : ''}${(abs - cents) / 100}.${String(cents).padStart(2, '0')}`;
}

/**
 * Fen with the currency sign, the minus before it (`-¥10.00`); `signed` also marks a positive amount with "+"
 * (ledger rows: `+¥10.00`). Zero is `¥0.00` either way.
 */
export function formatFen(fen: number, { signed = false }: { signed?: boolean } = {}): string {
  const text = `¥${fenToYuan(Math.abs(fen))}`;
  if (fen < 0) return `-${text}`;
  return signed && fen > 0 ? `+${text}` : text;
}
