import { z } from 'zod';
import { defineEvent, EventOf } from '../event-contract';

/** What can be liked under a question besides the question itself (its like is a `questionMark`). */
export const ANSWER_LIKE_TARGETS = ['answer', 'answerReply'] as const;
export type AnswerLikeTarget = (typeof ANSWER_LIKE_TARGETS)[number];

const LIKE = { context: 'qa', aggregate: 'answerLike' } as const;

const likeFields = z.object({
  targetKind: z.enum(ANSWER_LIKE_TARGETS),
  /** The answer's or the reply's id. */
  targetId: z.string(),
  /** The answer the target is (or belongs to), and its question: counters and reminders key on them. */
  answerId: z.string(),
  questionId: z.string(),
  memberId: z.string(),
  /** Who wrote the liked answer or reply: the reminder ("liked your answer") goes to them. */
  targetAuthorId: z.string(),
  at: z.string(),
});

/** One member's like of one answer or answer reply: stream `answerLike-<targetId>_<memberId>`, toggling. */
export const AnswerContentLiked = defineEvent({ ...LIKE, type: 'AnswerContentLiked', schema: likeFields });
export const AnswerContentUnliked = defineEvent({ ...LIKE, type: 'AnswerContentUnliked', schema: likeFields });

export type AnswerLikeEvent = EventOf<typeof AnswerContentLiked> | EventOf<typeof AnswerContentUnliked>;
