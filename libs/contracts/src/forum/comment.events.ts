import { z } from 'zod';
import { defineEvent, EventOf } from '../event-contract';

const COMMENT = { context: 'forum', aggregate: 'comment' } as const;
const REPLY = { context: 'forum', aggregate: 'reply' } as const;

/**
 * A comment on a topic (stream `comment-<commentId>`). `quoteChain` keeps every quoted comment's id, oldest
 * first and ending with the one quoted directly, so a quote stays rendered even after the chain's middle is
 * deleted or edited. `mentions` are member ids (resolved from `@nickname`), for the reminders.
 */
export const CommentPosted = defineEvent({
  ...COMMENT,
  type: 'CommentPosted',
  schema: z.object({
    commentId: z.string(),
    topicId: z.string(),
    authorId: z.string(),
    contentHtml: z.string(),
    quotedCommentId: z.string().nullable(),
    quoteChain: z.array(z.string()),
    mentions: z.array(z.string()),
    postedAt: z.string(),
    isStaff: z.boolean(),
  }),
});

export const CommentEdited = defineEvent({
  ...COMMENT,
  type: 'CommentEdited',
  schema: z.object({
    commentId: z.string(),
    topicId: z.string(),
    contentHtml: z.string(),
    mentions: z.array(z.string()),
    by: z.string(),
    editedAt: z.string(),
  }),
});

export const CommentDeleted = defineEvent({
  ...COMMENT,
  type: 'CommentDeleted',
  schema: z.object({
    commentId: z.string(),
    topicId: z.string(),
    authorId: z.string(),
    by: z.string(),
    deletedAt: z.string(),
  }),
});

/** Staff bring a deleted comment back: it is listed and counted again, with the replies it still has. */
export const CommentRestored = defineEvent({
  ...COMMENT,
  type: 'CommentRestored',
  schema: z.object({
    commentId: z.string(),
    topicId: z.string(),
    authorId: z.string(),
    by: z.string(),
    restoredAt: z.string(),
  }),
});

export type CommentEvent =
  | EventOf<typeof CommentPosted>
  | EventOf<typeof CommentEdited>
  | EventOf<typeof CommentDeleted>
  | EventOf<typeof CommentRestored>;

/** A reply to a comment (stream `reply-<replyId>`), possibly answering another reply of the same comment. */
export const ReplyPosted = defineEvent({
  ...REPLY,
  type: 'ReplyPosted',
  schema: z.object({
    replyId: z.string(),
    commentId: z.string(),
    topicId: z.string(),
    authorId: z.string(),
    replyToReplyId: z.string().nullable(),
    replyToMemberId: z.string().nullable(),
    contentHtml: z.string(),
    mentions: z.array(z.string()),
    postedAt: z.string(),
    isStaff: z.boolean(),
  }),
});

export const ReplyEdited = defineEvent({
  ...REPLY,
  type: 'ReplyEdited',
  schema: z.object({
    replyId: z.string(),
    commentId: z.string(),
    topicId: z.string(),
    contentHtml: z.string(),
    mentions: z.array(z.string()),
    by: z.string(),
    editedAt: z.string(),
  }),
});

export const ReplyDeleted = defineEvent({
  ...REPLY,
  type: 'ReplyDeleted',
  schema: z.object({
    replyId: z.string(),
    commentId: z.string(),
    topicId: z.string(),
    authorId: z.string(),
    by: z.string(),
    deletedAt: z.string(),
  }),
});

/** Staff bring a deleted reply back. */
export const ReplyRestored = defineEvent({
  ...REPLY,
  type: 'ReplyRestored',
  schema: z.object({
    replyId: z.string(),
    commentId: z.string(),
    topicId: z.string(),
    authorId: z.string(),
    by: z.string(),
    restoredAt: z.string(),
  }),
});

export type ReplyEvent =
  | EventOf<typeof ReplyPosted>
  | EventOf<typeof ReplyEdited>
  | EventOf<typeof ReplyDeleted>
  | EventOf<typeof ReplyRestored>;
