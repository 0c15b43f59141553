import { z } from 'zod';
import { defineEvent, EventOf } from '../event-contract';

const ANSWER = { context: 'qa', aggregate: 'answer' } as const;
const ANSWER_REPLY = { context: 'qa', aggregate: 'answerReply' } as const;

/** An answer to a question (stream `answer-<answerId>`); `mentions` are member ids. */
export const AnswerPosted = defineEvent({
  ...ANSWER,
  type: 'AnswerPosted',
  schema: z.object({
    answerId: z.string(),
    questionId: z.string(),
    authorId: z.string(),
    content: z.string(),
    mentions: z.array(z.string()),
    isStaff: z.boolean(),
    postedAt: z.string(),
  }),
});

export const AnswerEdited = defineEvent({
  ...ANSWER,
  type: 'AnswerEdited',
  schema: z.object({
    answerId: z.string(),
    questionId: z.string(),
    content: z.string(),
    mentions: z.array(z.string()),
    by: z.string(),
    editedAt: z.string(),
  }),
});

export const AnswerDeleted = defineEvent({
  ...ANSWER,
  type: 'AnswerDeleted',
  schema: z.object({
    answerId: z.string(),
    questionId: z.string(),
    authorId: z.string(),
    by: z.string(),
    deletedAt: z.string(),
  }),
});

/** A reply to an answer, or to another reply of that answer (`parentReplyId`); stream `answerReply-<replyId>`. */
export const AnswerReplyPosted = defineEvent({
  ...ANSWER_REPLY,
  type: 'AnswerReplyPosted',
  schema: z.object({
    replyId: z.string(),
    answerId: z.string(),
    questionId: z.string(),
    parentReplyId: z.string().nullable(),
    authorId: z.string(),
    content: z.string(),
    mentions: z.array(z.string()),
    isStaff: z.boolean(),
    postedAt: z.string(),
  }),
});

export const AnswerReplyEdited = defineEvent({
  ...ANSWER_REPLY,
  type: 'AnswerReplyEdited',
  schema: z.object({
    replyId: z.string(),
    answerId: z.string(),
    questionId: z.string(),
    content: z.string(),
    mentions: z.array(z.string()),
    by: z.string(),
    editedAt: z.string(),
  }),
});

export const AnswerReplyDeleted = defineEvent({
  ...ANSWER_REPLY,
  type: 'AnswerReplyDeleted',
  schema: z.object({
    replyId: z.string(),
    answerId: z.string(),
    questionId: z.string(),
    authorId: z.string(),
    by: z.string(),
    deletedAt: z.string(),
  }),
});

/** Staff restored a deleted answer (a report found it harmless, ADR 0021). */
export const AnswerRestored = defineEvent({
  ...ANSWER,
  type: 'AnswerRestored',
  schema: z.object({
    answerId: z.string(),
    questionId: z.string(),
    authorId: z.string(),
    by: z.string(),
    restoredAt: z.string(),
  }),
});

/** Staff restored a deleted answer reply. */
export const AnswerReplyRestored = defineEvent({
  ...ANSWER_REPLY,
  type: 'AnswerReplyRestored',
  schema: z.object({
    replyId: z.string(),
    answerId: z.string(),
    questionId: z.string(),
    authorId: z.string(),
    by: z.string(),
    restoredAt: z.string(),
  }),
});

export type AnswerEvent =
  | EventOf<typeof AnswerPosted>
  | EventOf<typeof AnswerEdited>
  | EventOf<typeof AnswerDeleted>
  | EventOf<typeof AnswerRestored>;
export type AnswerReplyEvent =
  | EventOf<typeof AnswerReplyPosted>
  | EventOf<typeof AnswerReplyEdited>
  | EventOf<typeof AnswerReplyDeleted>
  | EventOf<typeof AnswerReplyRestored>;
