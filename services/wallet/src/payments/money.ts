import { z } from 'zod';

/** Yuan as a member types it: digits, optionally a point and one or two decimals. No sign, no exponent. */
const YUAN = /^(\d+)(?:\.(\d{1,2}))?$/;
const MAX_DIGITS = 12;

/**
 * An amount in yuan (a string, as form bodies send it) to integer fen, exactly: the digits are read as text, so
 * no binary fraction ever rounds "0.29" to 28 fen. The recharge form's rule (docs/rules/wallet.md): greater than zero, at
 * most 12 digits in all, at most 2 decimals. A JSON number is read through its shortest decimal text.
 */
export function yuanToFen(input: string): number | null {
  const match = YUAN.exec(input.trim());
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  // Leading zeros are not digits of the amount ("007" is 7 yuan).
  if (whole!.replace(/^0+/, '').length + fraction.length > MAX_DIGITS) return null;
  const fen = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return fen > 0 && Number.isSafeInteger(fen) ? fen : null;
}

/** Fen shown as yuan with two decimals (`12345` → `"123.45"`), without floating point. */
export function fenToYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A zod field for a yuan amount: refused with `validation.amount_format` unless `yuanToFen` accepts it. */
export function yuanAmount() {
  return z.union([z.string(), z.number()]).transform((value, ctx) => {
    const fen = yuanToFen(typeof value === 'number' ? String(value) : value);
    if (fen === null) {
      ctx.addIssue({ code: 'custom', params: { code: 'validation.amount_format' } });
      return z.NEVER;
    }
    return fen;
  });
}
