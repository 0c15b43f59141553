import type { Identifier, RaRecord } from 'react-admin';
import type { AnswerReplyView, AnswerView, QuestionRow } from '@contracts/qa/question.views';
import type { HttpClient } from '../../api/http-client';
import type { AdminDataProvider } from '../../providers/data-provider';
import type { ResourceConfig, ResourceEntry } from '../../providers/rest-resource';
import { reviewQueueResource, tagTreeResource } from '../forum/forum-api';
import { revisionVerbs } from '../revisions/revisions-api';
import type { RevisionsDataProvider } from '../revisions/revisions-api';

export const QUESTION_FILTERS = ['all', 'latest', 'unresolved', 'resolved', 'pointsReward', 'cashReward'] as const;

/** `GET /api/qa/staff/questions?page&pageSize&filter&deleted`: every question, deleted ones too. */
export const qaQuestionsApi: ResourceConfig = {
  path: 'qa/staff/questions',
  idField: 'questionId',
  queryFilters: ['filter', 'deleted'],
};
/** `GET /api/qa/staff/answers` and `/answer-replies` (`page&pageSize&questionId`): newest first. */
export const qaAnswersApi: ResourceConfig = {
  path: 'qa/staff/answers',
  idField: 'answerId',
  queryFilters: ['questionId'],
};
export const qaRepliesApi: ResourceConfig = {
  path: 'qa/staff/answer-replies',
  idField: 'replyId',
  queryFilters: ['questionId'],
};
/** The question tag tree (`/api/qa/tags`), read whole and flattened like the forum's. */
export const qaTagsApi = tagTreeResource({
  path: 'qa/tags',
  idField: 'tagId',
  oneFromList: true,
  createFields: ['name', 'parentId', 'sort'],
  updateFields: ['name', 'parentId', 'sort'],
});

/** The staff lists' records: the Q&A's public read views (ADR 0047), with react-admin's `id`. */
export type QaQuestion = QuestionRow & RaRecord;
export type QaAnswer = AnswerView & RaRecord;
export type QaReply = AnswerReplyView & RaRecord;

export type QaReviewKind = 'question' | 'answer' | 'answerReply';

/** A held question, answer or reply (`GET /api/qa/staff/review?kind&page&pageSize`, pending, oldest first). */
export interface QaReviewItem extends RaRecord {
  id: string;
  kind: QaReviewKind;
  authorId: string;
  title: string | null;
  contentHtml: string;
  questionId: string;
  bountyAmount: number;
  bountyPoints: number;
  submittedAt: string;
}

/** The Q&A's review queue (resource `qaReview`): held questions, answers and answer replies. */
export const qaReviewApi = reviewQueueResource('qa/staff/review', 'question');

/** The Q&A's entries of the console's resource table. */
export const qaResources: Record<string, ResourceEntry> = {
  qaQuestions: qaQuestionsApi,
  qaAnswers: qaAnswersApi,
  qaAnswerReplies: qaRepliesApi,
  qaTags: qaTagsApi,
  qaReview: qaReviewApi,
};

export interface BountyAdjustment {
  /** Yuan text ("12.50", "0"), as every money field of the API. */
  amount: string;
  points: number;
  reason: string;
}

/** The Q&A's staff verbs, each a command of its own. */
export interface QaDataProvider extends AdminDataProvider, RevisionsDataProvider {
  adoptAnswer(questionId: Identifier, answerId: Identifier): Promise<{ data: unknown }>;
  cancelAdoption(questionId: Identifier): Promise<{ data: unknown }>;
  adjustBounty(questionId: Identifier, input: BountyAdjustment): Promise<{ data: unknown }>;
  deleteQuestion(questionId: Identifier): Promise<{ data: unknown }>;
  deleteAnswer(answerId: Identifier): Promise<{ data: unknown }>;
  deleteAnswerReply(replyId: Identifier): Promise<{ data: unknown }>;
  approveQaContent(kind: QaReviewKind, id: Identifier): Promise<{ data: unknown }>;
  rejectQaContent(kind: QaReviewKind, id: Identifier, reason: string): Promise<{ data: unknown }>;
}

export interface QaApiOptions {
  apiUrl: string;
  httpClient: HttpClient;
  newIdempotencyKey?: () => string;
}

/** The console's data provider with the Q&A's staff verbs (its resources are entries of the resource table). */
export function withQa<P extends AdminDataProvider>(provider: P, options: QaApiOptions): P & QaDataProvider {
  const { apiUrl, httpClient } = options;
  const newKey = options.newIdempotencyKey ?? (() => crypto.randomUUID());
  const id = (value: Identifier) => encodeURIComponent(String(value));
  const command = async (path: string, method: 'POST' | 'DELETE', body?: unknown) => {
    const { json } = await httpClient(`${apiUrl}/qa/${path}`, { method, body, idempotencyKey: newKey() });
    return { data: json };
  };
  return {
    ...provider,
    adoptAnswer: (questionId, answerId) => command(`questions/${id(questionId)}/adopt`, 'POST', { answerId }),
    cancelAdoption: (questionId) => command(`staff/questions/${id(questionId)}/cancel-adoption`, 'POST'),
    adjustBounty: (questionId, input) => command(`staff/questions/${id(questionId)}/bounty`, 'POST', input),
    deleteQuestion: (questionId) => command(`questions/${id(questionId)}`, 'DELETE'),
    deleteAnswer: (answerId) => command(`answers/${id(answerId)}`, 'DELETE'),
    // Edit history (ADR 32): read the versions, hide one from members or show it again.
    ...revisionVerbs(apiUrl, httpClient, newKey),
    deleteAnswerReply: (replyId) => command(`answer-replies/${id(replyId)}`, 'DELETE'),
    approveQaContent: (kind, itemId) => command(`staff/review/${kind}/${id(itemId)}/approve`, 'POST'),
    rejectQaContent: (kind, itemId, reason) => command(`staff/review/${kind}/${id(itemId)}/reject`, 'POST', { reason }),
  };
}
