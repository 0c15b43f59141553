/** Shapes of the Q&A context's answers (public read views from `libs/contracts`, ADR 0047). Money is integer fen. */
import type { AuthorView } from '@/lib/api/api-types';

export type { AuthorView } from '@/lib/api/api-types';

export type QuestionFilter = 'all' | 'latest' | 'unresolved' | 'resolved' | 'pointsReward' | 'cashReward';

export const QUESTION_FILTERS: QuestionFilter[] = [
  'all',
  'latest',
  'unresolved',
  'resolved',
  'pointsReward',
  'cashReward',
];

/** The wallet's word on a bounty: still held, paid to the adopted answer, or given back to the asker. */
export type { BountyStatus } from '@contracts/wallet/bounty-commands';
export type {
  AnswerReplyView,
  AnswerView,
  QuestionDetail,
  QuestionRow,
  QuestionTagNode as QaTagNode,
  QuestionWritten,
} from '@contracts/qa/question.views';

/** One member who favourited a question (`questionFavoriteList?questionId=`). */
export interface QuestionFavouriterRow {
  member: AuthorView;
  at: string | null;
}
