import { z } from 'zod';
import { defineEvent, EventOf } from '../event-contract';

/** One member's like and favourite of one question (stream `questionMark-<questionId>_<memberId>`). */
const MARK = { context: 'qa', aggregate: 'questionMark' } as const;

const mark = z.object({ questionId: z.string(), memberId: z.string(), at: z.string() });

export const QuestionLiked = defineEvent({ ...MARK, type: 'QuestionLiked', schema: mark });
export const QuestionUnliked = defineEvent({ ...MARK, type: 'QuestionUnliked', schema: mark });
export const QuestionFavourited = defineEvent({ ...MARK, type: 'QuestionFavourited', schema: mark });
export const QuestionUnfavourited = defineEvent({ ...MARK, type: 'QuestionUnfavourited', schema: mark });

export type QuestionMarkEvent =
  | EventOf<typeof QuestionLiked>
  | EventOf<typeof QuestionUnliked>
  | EventOf<typeof QuestionFavourited>
  | EventOf<typeof QuestionUnfavourited>;
