import { z } from 'zod';
import { forumAuthor } from './comment.views';
import { pageSchema } from '../page';

/**
 * The forum's public read views of likes and favourites (`/api/forum/...`). The schemas document the answers in the
 * OpenAPI document; the apps import the inferred types only (`import type`), never the schemas.
 */

/** What can be liked in the forum context (questions, answers and answer replies come with Q&A). */
export const LIKE_TARGET_KINDS = ['topic', 'comment', 'reply'] as const;
export type LikeTargetKind = (typeof LIKE_TARGET_KINDS)[number];

/** The answer of a like or unlike: the reader's state and the new count. */
export const likeState = z.object({ liked: z.boolean(), likeCount: z.number().int(), visible: z.boolean() });
export type LikeState = z.infer<typeof likeState>;

export const favouriteState = z.object({
  favourited: z.boolean(),
  favoriteCount: z.number().int(),
  visible: z.boolean(),
});
export type FavouriteState = z.infer<typeof favouriteState>;

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
