import { z } from 'zod';
import { forumAuthor, LIKE_TARGET_KINDS, pageSchema } from '@forum/contracts';

export const likeState = z.object({ liked: z.boolean(), likeCount: z.number().int(), visible: z.boolean() });
export const favouriteState = z.object({
  favourited: z.boolean(),
  favoriteCount: z.number().int(),
  visible: z.boolean(),
});

/** A row of "my likes": what was liked, where, and a short label (topic title or content summary). */
export const myLikeRow = z.object({
  targetKind: z.enum(LIKE_TARGET_KINDS),
  targetId: z.string(),
  topicId: z.string(),
  topicTitle: z.string().nullable(),
  summary: z.string(),
  likedAt: z.string(),
});
export type MyLikeRow = z.infer<typeof myLikeRow>;
export const myLikePage = pageSchema(myLikeRow);

export const myFavouriteRow = z.object({
  topicId: z.string(),
  topicTitle: z.string().nullable(),
  favouritedAt: z.string(),
});
export type MyFavouriteRow = z.infer<typeof myFavouriteRow>;
export const myFavouritePage = pageSchema(myFavouriteRow);

/** Who liked / favourited a topic (shown to its author and to staff). */
export const reactorRow = z.object({ member: forumAuthor, at: z.string() });
export type ReactorRow = z.infer<typeof reactorRow>;
export const reactorPage = pageSchema(reactorRow);
