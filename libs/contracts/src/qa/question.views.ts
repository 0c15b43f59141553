import type { AuthorView } from '../identity/author.views';
import type { BountyStatus } from '../wallet/bounty-commands';

/** The Q&A's public read views (`/api/qa/...`): money is integer fen. */

/** A question in a list. */
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
  /** The wallet's word on the bounty: still held, paid to the adopted answer, or given back to the asker. */
  bounty: { amount: number; points: number; status: BountyStatus } | null;
  resolved: boolean;
  answerCount: number;
  likeCount: number;
  favouriteCount: number;
  readCount: number;
  deleted: boolean;
}

/** A reply under an answer. */
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
  /** The reader likes it (false for visitors and in lists). */
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

/** A question's page: the question, its answers (adopted first) and their first replies, the reader's marks. */
export interface QuestionDetail extends QuestionRow {
  content: string;
  addenda: { addendumId: string; content: string; appendedAt: string }[];
  editedAt: string | null;
  adoptedAnswerId: string | null;
  answers: AnswerView[];
  liked: boolean;
  favourited: boolean;
}

/** The answer of a question's write (ask, edit, delete, ...). */
export interface QuestionWritten {
  questionId: string;
  version: number;
  /** False when the lists had not caught up within the read-your-writes wait. */
  visible: boolean;
  /** Held for review (ADR 0024): not posted until staff approve it. */
  pending?: boolean;
}

/** A node of the question tag tree (`GET /api/qa/tags`). */
export interface QuestionTagNode {
  tagId: string;
  name: string;
  parentId: string | null;
  sort: number;
  /** Questions are asked in leaf tags only. */
  leaf: boolean;
  children: QuestionTagNode[];
}
