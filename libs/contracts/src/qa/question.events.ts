import { z } from 'zod';
import { defineEvent, EventOf } from '../event-contract';

const QUESTION = { context: 'qa', aggregate: 'question' } as const;

/**
 * A question (stream `question-<questionId>`). `bountyAmount` (fen) and `bountyPoints` are what the asker offered
 * and the wallet froze before this event was written; the bounty's later life (award, refund, adjustment) is the
 * wallet's `bounty-<questionId>` stream. `mentions` are member ids, for the reminders.
 */
export const QuestionAsked = defineEvent({
  ...QUESTION,
  type: 'QuestionAsked',
  schema: z.object({
    questionId: z.string(),
    askerId: z.string(),
    title: z.string(),
    content: z.string(),
    tagIds: z.array(z.string()),
    bountyAmount: z.number().int().min(0),
    bountyPoints: z.number().int().min(0),
    mentions: z.array(z.string()),
    isStaff: z.boolean(),
    askedAt: z.string(),
  }),
});

export const QuestionEdited = defineEvent({
  ...QUESTION,
  type: 'QuestionEdited',
  schema: z.object({
    questionId: z.string(),
    title: z.string(),
    content: z.string(),
    tagIds: z.array(z.string()),
    mentions: z.array(z.string()),
    by: z.string(),
    editedAt: z.string(),
  }),
});

/** The asker appended text to the question (an addendum); earlier addenda never change. */
export const QuestionAddendumAppended = defineEvent({
  ...QUESTION,
  type: 'QuestionAddendumAppended',
  schema: z.object({ questionId: z.string(), addendumId: z.string(), content: z.string(), appendedAt: z.string() }),
});

export const QuestionDeleted = defineEvent({
  ...QUESTION,
  type: 'QuestionDeleted',
  schema: z.object({ questionId: z.string(), askerId: z.string(), by: z.string(), deletedAt: z.string() }),
});

/**
 * Staff restored a deleted question (a report found it harmless, ADR 0021). A bounty refunded at the deletion
 * stays refunded: the question comes back without it.
 */
export const QuestionRestored = defineEvent({
  ...QUESTION,
  type: 'QuestionRestored',
  schema: z.object({ questionId: z.string(), askerId: z.string(), by: z.string(), restoredAt: z.string() }),
});

/**
 * The asker (or staff) adopted an answer: the question is resolved. `round` counts adoptions of this question
 * (1 for the first; a cancelled adoption makes the next one 2): the wallet awards the bounty once per round.
 */
export const AnswerAdopted = defineEvent({
  ...QUESTION,
  type: 'AnswerAdopted',
  schema: z.object({
    questionId: z.string(),
    answerId: z.string(),
    answererId: z.string(),
    answererIsStaff: z.boolean(),
    round: z.number().int().positive(),
    by: z.string(),
    adoptedAt: z.string(),
  }),
});

/** Staff cancelled the adoption (the wallet reversed the award first): the question is unresolved again. */
export const AdoptionCancelled = defineEvent({
  ...QUESTION,
  type: 'AdoptionCancelled',
  schema: z.object({
    questionId: z.string(),
    answerId: z.string(),
    round: z.number().int().positive(),
    by: z.string(),
    cancelledAt: z.string(),
  }),
});

export type QuestionEvent =
  | EventOf<typeof QuestionAsked>
  | EventOf<typeof QuestionEdited>
  | EventOf<typeof QuestionAddendumAppended>
  | EventOf<typeof QuestionDeleted>
  | EventOf<typeof QuestionRestored>
  | EventOf<typeof AnswerAdopted>
  | EventOf<typeof AdoptionCancelled>;
