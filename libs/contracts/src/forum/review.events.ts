import { z } from 'zod';
import { defineEvent, EventOf } from '../event-contract';

/**
 * The review queue (docs/rules/forum.md, review queue, ADR 0014): stream `submission-<contentId>`, where the content id
 * is the id the topic, comment or reply gets once approved. A submission carries the already-sanitized content;
 * only approval appends the normal `TopicPosted` / `CommentPosted` / `ReplyPosted` on the content's own stream, so
 * lists, counters, points and reminders never see pending or rejected content.
 */
const SUBMISSION = { context: 'forum', aggregate: 'submission' } as const;

export const reviewKinds = ['topic', 'comment', 'reply'] as const;
export type ReviewKind = (typeof reviewKinds)[number];

const topicPayload = z.object({
  kind: z.literal('topic'),
  title: z.string(),
  content: z.string(),
  tagIds: z.array(z.string()),
  mentions: z.array(z.string()),
  ipLocation: z.string().nullable(),
});
const commentPayload = z.object({
  kind: z.literal('comment'),
  topicId: z.string(),
  contentHtml: z.string(),
  quoted: z.object({ commentId: z.string(), quoteChain: z.array(z.string()) }).nullable(),
  mentions: z.array(z.string()),
});
const replyPayload = z.object({
  kind: z.literal('reply'),
  topicId: z.string(),
  commentId: z.string(),
  contentHtml: z.string(),
  replyTo: z.object({ replyId: z.string(), memberId: z.string() }).nullable(),
  mentions: z.array(z.string()),
});
export const submissionPayload = z.discriminatedUnion('kind', [topicPayload, commentPayload, replyPayload]);
export type SubmissionPayload = z.infer<typeof submissionPayload>;

/** A member's new topic, comment or reply, held for review (stored, but not posted). */
export const ContentSubmitted = defineEvent({
  ...SUBMISSION,
  type: 'ContentSubmitted',
  schema: z.object({
    contentId: z.string(),
    authorId: z.string(),
    payload: submissionPayload,
    submittedAt: z.string(),
  }),
});

/** Staff approved: the content's `...Posted` follows on its own stream. */
export const ContentApproved = defineEvent({
  ...SUBMISSION,
  type: 'ContentApproved',
  schema: z.object({
    contentId: z.string(),
    kind: z.enum(reviewKinds),
    authorId: z.string(),
    by: z.string(),
    at: z.string(),
  }),
});

/** Staff rejected, with a reason for the author: the content is never posted. */
export const ContentRejected = defineEvent({
  ...SUBMISSION,
  type: 'ContentRejected',
  schema: z.object({
    contentId: z.string(),
    kind: z.enum(reviewKinds),
    authorId: z.string(),
    reason: z.string(),
    by: z.string(),
    at: z.string(),
  }),
});

export type SubmissionEvent =
  EventOf<typeof ContentSubmitted> | EventOf<typeof ContentApproved> | EventOf<typeof ContentRejected>;
