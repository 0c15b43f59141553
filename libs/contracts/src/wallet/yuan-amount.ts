import { z } from 'zod';
import { yuanToFen } from './money';

/**
 * A request field holding a yuan amount (text, as forms send it, or a JSON number), answered as integer fen:
 * refused with `validation.amount_format` unless `yuanToFen` accepts it.
 */
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
