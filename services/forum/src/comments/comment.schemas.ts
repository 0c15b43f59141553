import { z } from 'zod';
import { pageSchema } from '@forum/contracts';
import { contentFormat, withHtmlContent } from '@forum/platform';
import { author } from '../shared/forum.schemas';

export const COMMENT_CONTENT_MAX = 20_000;
export const REPLY_PREVIEW = 5;

const id = z.string().min(1).max(64);

/** `content` is HTML, or Markdown with `format: 'markdown'` (ADR 0033): the commands always receive HTML. */
const content = z.string().min(1).max(COMMENT_CONTENT_MAX);
export const postCommentBody = z
  .strictObject({ content, format: contentFormat, quoteCommentId: id.optional() })
  .transform(withHtmlContent);
export const editContentBody = z.strictObject({ content, format: contentFormat }).transform(withHtmlContent);
export const postReplyBody = z
  .strictObject({ content, format: contentFormat, replyToReplyId: id.optional() })
  .transform(withHtmlContent);

export const quoteView = z.object({
  commentId: z.string(),
  /** Null when the quoted comment was deleted. */
  author: author.nullable(),
  /** Empty when the quoted comment was deleted. */
  contentHtml: z.string(),
  deleted: z.boolean(),
  postedAt: z.string().nullable(),
});

export const replyView = z.object({
  replyId: z.string(),
  commentId: z.string(),
  topicId: z.string(),
  author,
  replyToReplyId: z.string().nullable(),
  /** The member answered by a reply to a reply. */
  replyTo: author.nullable(),
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
  author,
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

export const commentPosition = z.object({
  commentId: z.string(),
  topicId: z.string(),
  page: z.number().int(),
  pageSize: z.number().int(),
  floor: z.number().int(),
});
export type CommentPosition = z.infer<typeof commentPosition>;

export const commentWritten = z.object({
  commentId: z.string(),
  visible: z.boolean(),
  pending: z.boolean().optional(),
});
export const replyWritten = z.object({ replyId: z.string(), visible: z.boolean(), pending: z.boolean().optional() });

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
