import { z } from 'zod';
import { LIKE_TARGET_KINDS } from '@forum/contracts';
import { wholeNumber } from '@forum/platform';

/** Query and view schemas every part of the forum context uses: paging, an author, a like's target kind. */
export const pagingQuery = z.strictObject({
  page: wholeNumber().pipe(z.number().min(1).max(100_000)).default(1),
  pageSize: wholeNumber().pipe(z.number().min(1).max(100)).default(20),
});
export type PagingQuery = z.infer<typeof pagingQuery>;

/** `AuthorView` of `@forum/platform`: a cancelled account has no nickname and no avatar. */
export const author = z.object({
  memberId: z.string(),
  nickname: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  cancelled: z.boolean(),
  isStaff: z.boolean(),
});
export type Author = z.infer<typeof author>;

export const likeTargetKind = z.enum(LIKE_TARGET_KINDS);
