import { z } from 'zod';
import { wholeNumber } from '@forum/platform';

export const pageQuery = z.strictObject({
  page: wholeNumber().pipe(z.number().min(1).max(10_000)).default(1),
  pageSize: wholeNumber().pipe(z.number().min(1).max(100)).default(20),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** The largest single movement: a trillion yuan in fen, far inside exact integers. */
export const MAX_MOVEMENT = 100_000_000_000_000;

/** A staff credit (positive) or debit (negative) of balance (fen) or points, with the reason members see. */
export const adjustmentBody = z.strictObject({
  kind: z.enum(['balance', 'points']),
  amount: wholeNumber()
    .pipe(z.number().min(-MAX_MOVEMENT).max(MAX_MOVEMENT))
    .refine((amount) => amount !== 0, { params: { code: 'validation.invalid_value' } }),
  reason: z.string().trim().min(1).max(200),
});
export type AdjustmentBody = z.infer<typeof adjustmentBody>;

/** Member ids are UUIDs; anything else names no wallet and must not reach a stream id. */
export const MEMBER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
