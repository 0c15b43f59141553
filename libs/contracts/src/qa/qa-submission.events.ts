import { z } from 'zod';
import { defineEvent, EventOf } from '../event-contract';

/**
 * The Q&A review queue (docs/rules/qa.md, review; ADRs 0014 and 0024): stream `qaSubmission-<contentId>`, where the content id
 * is the id the question, answer or answer reply gets once approved. Only approval appends the normal
 * `QuestionAsked` / `AnswerPosted` / `AnswerReplyPosted`, so lists, counters, points, reminders and search never
 * see pending or rejected content. A held question's bounty is frozen at submission and refunded on rejection.
 */
const QA_SUBMISSION = { context: 'qa', aggregate: 'qaSubmission' } as const;

export const qaReviewKinds = ['question', 'answer', 'answerReply'] as const;
export type QaReviewKind = (typeof qaReviewKinds)[number];

const questionPayload = z.object({
  kind: z.literal('question'),
  title: z.string(),
  content: z.string(),
  tagIds: z.array(z.string()),
  mentions: z.array(z.string()),
  /** What the wallet froze at submission (fen, points). */
  bountyAmount: z.number().int().min(0),
  bountyPoints: z.number().int().min(0),
});
const answerPayload = z.object({
  kind: z.literal('answer'),
  questionId: z.string(),
  content: z.string(),
  mentions: z.array(z.string()),
});
const answerReplyPayload = z.object({
  kind: z.literal('answerReply'),
  questionId: z.string(),
  answerId: z.string(),
  parentReplyId: z.string().nullable(),
  content: z.string(),
  mentions: z.array(z.string()),
});
export const qaSubmissionPayload = z.discriminatedUnion('kind', [questionPayload, answerPayload, answerReplyPayload]);
export type QaSubmissionPayload = z.infer<typeof qaSubmissionPayload>;

/** A member's new question, answer or answer reply, held for review (stored, not posted). */
export const QaContentSubmitted = defineEvent({
  ...QA_SUBMISSION,
  type: 'QaContentSubmitted',
  schema: z.object({
    contentId: z.string(),
    authorId: z.string(),
    payload: qaSubmissionPayload,
    submittedAt: z.string(),
  }),
});

/** Staff approved: the content's `...Posted` / `QuestionAsked` follows on its own stream. */
export const QaContentApproved = defineEvent({
  ...QA_SUBMISSION,
  type: 'QaContentApproved',
  schema: z.object({
    contentId: z.string(),
    kind: z.enum(qaReviewKinds),
    authorId: z.string(),
    by: z.string(),
    at: z.string(),
  }),
});

/** Staff rejected, with a reason for the author: never posted (a question's bounty is refunded). */
export const QaContentRejected = defineEvent({
  ...QA_SUBMISSION,
  type: 'QaContentRejected',
  schema: z.object({
    contentId: z.string(),
    kind: z.enum(qaReviewKinds),
    authorId: z.string(),
    reason: z.string(),
    by: z.string(),
    at: z.string(),
  }),
});

export type QaSubmissionEvent =
  EventOf<typeof QaContentSubmitted> | EventOf<typeof QaContentApproved> | EventOf<typeof QaContentRejected>;
