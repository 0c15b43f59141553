/** Shapes of the Q&A context's answers (services/qa/src/questions/question.queries.ts). Money is integer fen. */
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
export type BountyStatus = 'held' | 'awarded' | 'refunded';

export interface QuestionRow {
  questionId: string;
  title: string;
  summary: string;
  asker: AuthorView;
  tags: { tagId: string; name: string }[];
  askedAt: string;
  lastAnswerAt: string | null;
  /** Offered at asking: fen and points. */
  rewardAmount: number;
  rewardPoints: number;
  bounty: { amount: number; points: number; status: BountyStatus } | null;
  resolved: boolean;
  answerCount: number;
  likeCount: number;
  favouriteCount: number;
  readCount: number;
  deleted: boolean;
}

export interface AnswerReplyView {
  replyId: string;
  answerId: string;
  questionId: string;
  parentReplyId: string | null;
  author: AuthorView;
  content: string;
  postedAt: string;
  editedAt: string | null;
  deleted: boolean;
  likeCount: number;
  /** The reader likes it. */
  liked: boolean;
}

export interface AnswerView {
  answerId: string;
  questionId: string;
  author: AuthorView;
  content: string;
  postedAt: string;
  editedAt: string | null;
  adopted: boolean;
  replyCount: number;
  deleted: boolean;
  likeCount: number;
  liked: boolean;
  replies: AnswerReplyView[];
}

export interface QuestionDetail extends QuestionRow {
  content: string;
  addenda: { addendumId: string; content: string; appendedAt: string }[];
  editedAt: string | null;
  adoptedAnswerId: string | null;
  answers: AnswerView[];
  liked: boolean;
  favourited: boolean;
}

export interface QuestionWritten {
  questionId: string;
  version: number;
  visible: boolean;
  /** Held for staff review (ADR 0024): not shown to anyone until approved. */
  pending?: boolean;
}

export interface QaTagNode {
  tagId: string;
  name: string;
  parentId: string | null;
  sort: number;
  leaf: boolean;
  children: QaTagNode[];
}

/** One member who favourited a question (`questionFavoriteList?questionId=`). */
export interface QuestionFavouriterRow {
  member: AuthorView;
  at: string | null;
}
