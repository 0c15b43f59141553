import { z } from 'zod';
import { contentFormat, withHtmlContent } from '@forum/platform';

/** The answers' shapes are the public read views in `@forum/contracts` (ADR 0047). */
export { commentPage, commentPosition, myContentPage, replyPage } from '@forum/contracts';
export type { CommentPosition, CommentView, MyContentRow, ReplyView } from '@forum/contracts';

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

export const commentWritten = z.object({
  commentId: z.string(),
  visible: z.boolean(),
  pending: z.boolean().optional(),
});
export const replyWritten = z.object({ replyId: z.string(), visible: z.boolean(), pending: z.boolean().optional() });
