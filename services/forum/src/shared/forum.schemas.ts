import { z } from 'zod';
import { LIKE_TARGET_KINDS } from '@forum/contracts';
import { wholeNumber } from '@forum/platform';

/** Query schemas every part of the forum context uses: paging, a like's target kind. */
export const pagingQuery = z.strictObject({
  page: wholeNumber().pipe(z.number().min(1).max(100_000)).default(1),
  pageSize: wholeNumber().pipe(z.number().min(1).max(100)).default(20),
});
export type PagingQuery = z.infer<typeof pagingQuery>;

export const likeTargetKind = z.enum(LIKE_TARGET_KINDS);
