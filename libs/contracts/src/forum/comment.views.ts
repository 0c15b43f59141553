import { z } from 'zod';
import { pageSchema } from '../page';

/**
 * The forum's public read views of comments and replies (`/api/forum/...`). The schemas document the answers in
 * the OpenAPI document; the apps import the inferred types only (`import type`), never the schemas.
 */

/** An author of a comment, a reply or a reaction (`AuthorView`): cancelled accounts have no name, no avatar. */
export const forumAuthor = z.object({
  memberId: z.string(),
  nickname: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  cancelled: z.boolean(),
  isStaff: z.boolean(),
});

export const quoteView = z.object({
  commentId: z.string(),
  /** Null when the quoted comment was deleted. */
  author: forumAuthor.nullable(),
  /** Empty when the quoted comment was deleted. */
  contentHtml: z.string(),
  deleted: z.boolean(),
  postedAt: z.string().nullable(),
});
export type QuoteView = z.infer<typeof quoteView>;

export const replyView = z.object({
  replyId: z.string(),
  commentId: z.string(),
  topicId: z.string(),
  author: forumAuthor,
  replyToReplyId: z.string().nullable(),
  /** The member answered by a reply to a reply. */
  replyTo: forumAuthor.nullable(),
  contentHtml: z.string(),
  postedAt: z.string(),
  editedAt: z.string().nullable(),
  likeCount: z.number().int(),
  likedByMe: z.boolean(),
});
export type ReplyView = z.infer<typeof replyView>;

export const commentView = z.object({
  commentId: z.string(),
  topicId: z.string(),
  /** 1-based position among the topic's live comments (floor). */
  floor: z.number().int(),
  author: forumAuthor,
  contentHtml: z.string(),
  /** The quote chain, oldest first, ending with the comment quoted directly. */
  quotes: z.array(quoteView),
  postedAt: z.string(),
  editedAt: z.string().nullable(),
  likeCount: z.number().int(),
  likedByMe: z.boolean(),
  replyCount: z.number().int(),
  /** The first replies (oldest first); the rest through `GET /api/forum/comments/:id/replies`. */
  replies: z.array(replyView),
  /**
   * The viewer's own comment held for review (ADR 0014): only its author sees it, after the thread's last
   * floor, with `floor` 0 (it has none until approved) and "pending review" shown by the site.
   */
  pending: z.boolean().optional(),
});
export type CommentView = z.infer<typeof commentView>;

export const commentPage = pageSchema(commentView);
export const replyPage = pageSchema(replyView);

/** Where a comment is in its topic: the page that shows it and its floor. */
export const commentPosition = z.object({
  commentId: z.string(),
  topicId: z.string(),
  page: z.number().int(),
  pageSize: z.number().int(),
  floor: z.number().int(),
});
export type CommentPosition = z.infer<typeof commentPosition>;

/** A row of "my comments" / "my replies". */
export const myContentRow = z.object({
  id: z.string(),
  topicId: z.string(),
  topicTitle: z.string().nullable(),
  commentId: z.string().nullable(),
  contentHtml: z.string(),
  postedAt: z.string(),
  likeCount: z.number().int(),
});
export type MyContentRow = z.infer<typeof myContentRow>;
export const myContentPage = pageSchema(myContentRow);
