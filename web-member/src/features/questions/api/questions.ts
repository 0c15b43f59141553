import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Page } from '@/lib/api/api-types';
import type { QaTagNode, QuestionDetail, QuestionFilter, QuestionRow, QuestionWritten } from './types';

/** Every Q&A query starts with this key: any write refreshes them all. */
export const QA_KEY = ['qa'] as const;
export const ASK_LIST_PAGE_SIZE = 20;
export const QA_MY_PAGE_SIZE = 20;

const id = encodeURIComponent;

export interface QuestionListParams {
  page: number;
  filter: QuestionFilter;
  tagId?: string;
}

/** `GET /api/qa/questions?page&pageSize&filter&tagId`: the six filters of `/askList`. */
export function useQuestions({ page, filter, tagId }: QuestionListParams) {
  return useQuery({
    queryKey: [...QA_KEY, 'list', { page, filter, tagId }],
    queryFn: ({ signal }) => {
      const params: Record<string, string | number> = { page, pageSize: ASK_LIST_PAGE_SIZE };
      if (filter !== 'all') params.filter = filter;
      if (tagId) params.tagId = tagId;
      return api.get<Page<QuestionRow>>('/api/qa/questions', { params, signal });
    },
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/qa/questions/:id`: the question with its addenda, answers (adopted first) and their replies. */
export function useQuestion(questionId: string) {
  return useQuery({
    queryKey: [...QA_KEY, 'detail', questionId],
    queryFn: ({ signal }) => api.get<QuestionDetail>(`/api/qa/questions/${id(questionId)}`, { signal, silent: true }),
    enabled: questionId !== '',
  });
}

export function useSimilarQuestions(questionId: string) {
  return useQuery({
    queryKey: [...QA_KEY, 'similar', questionId],
    queryFn: ({ signal }) =>
      api.get<{ items: QuestionRow[] }>(`/api/qa/questions/${id(questionId)}/similar`, {
        signal,
        loading: false,
        silent: true,
      }),
  });
}

/** `GET /api/qa/tags`: the question tag tree; questions go in leaf tags. */
export function useQaTags() {
  return useQuery(
    queryOptions({
      queryKey: [...QA_KEY, 'tags'],
      queryFn: ({ signal }) => api.get<{ items: QaTagNode[] }>('/api/qa/tags', { signal, loading: false }),
      staleTime: 60_000,
    }),
  );
}

/** Every node of the tree with its depth, in display order. */
export function flattenQaTags(nodes: QaTagNode[], depth = 0): { tag: QaTagNode; depth: number }[] {
  return nodes.flatMap((tag) => [{ tag, depth }, ...flattenQaTags(tag.children ?? [], depth + 1)]);
}

/** One page of a control-panel list: `/api/qa/<path>?page&pageSize`. */
export function usePagedQaList<T>(path: string, page: number, enabled = true) {
  return useQuery({
    queryKey: [...QA_KEY, 'mine', path, page],
    queryFn: ({ signal }) =>
      api.get<Page<T>>(`/api/qa/${path}`, { params: { page, pageSize: QA_MY_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export interface AskInput {
  title: string;
  content: string;
  tagIds: string[];
  /** Yuan text ("12.50") or "0" for none. */
  bountyAmount: string;
  bountyPoints: number;
  /** `markdown` when `content` is Markdown the server converts (ADR 0033); absent for the rich editor's HTML. */
  format?: 'html' | 'markdown';
}

export type EditInput = Pick<AskInput, 'title' | 'content' | 'tagIds' | 'format'>;

/** The format field of a write: sent only for Markdown, so an HTML write is what it always was. */
export const markdownField = (format: 'html' | 'markdown' | undefined) =>
  format === 'markdown' ? { format: 'markdown' as const } : {};

/**
 * `POST /api/qa/questions` (ask) or `PATCH /api/qa/questions/:id` (edit), as JSON: the schema wants an array of
 * tags even for one. The caller shows failures under the fields.
 */
export function useSaveQuestion(questionId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AskInput | EditInput) =>
      questionId
        ? api.request<QuestionWritten>('PATCH', `/api/qa/questions/${id(questionId)}`, {
            json: { title: input.title, content: input.content, tagIds: input.tagIds, ...markdownField(input.format) },
            silent: true,
          })
        : api.request<QuestionWritten>('POST', '/api/qa/questions', {
            json: { ...input, format: undefined, ...markdownField(input.format) },
            silent: true,
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QA_KEY }),
  });
}

/** `format: 'markdown'`: `content` is Markdown, converted by the server (ADR 33); else it is HTML. */
export type QaWrite = (
  | { kind: 'addendum'; questionId: string; content: string }
  | { kind: 'answer'; questionId: string; content: string }
  | { kind: 'reply'; answerId: string; parentReplyId?: string; content: string }
  | { kind: 'editAnswer'; answerId: string; content: string }
  | { kind: 'editReply'; replyId: string; content: string }
) & { format?: 'markdown' };

/** Every addendum, answer or reply write, as JSON; the form shows failures itself. */
export function writeQa(write: QaWrite): Promise<unknown> {
  const json = { content: write.content, ...(write.format ? { format: write.format } : {}) };
  const options = { json, silent: true };
  switch (write.kind) {
    case 'addendum':
      return api.request('POST', `/api/qa/questions/${id(write.questionId)}/addenda`, options);
    case 'answer':
      return api.request('POST', `/api/qa/questions/${id(write.questionId)}/answers`, options);
    case 'reply':
      return api.request('POST', `/api/qa/answers/${id(write.answerId)}/replies`, {
        json: { ...json, ...(write.parentReplyId ? { parentReplyId: write.parentReplyId } : {}) },
        silent: true,
      });
    case 'editAnswer':
      return api.request('PATCH', `/api/qa/answers/${id(write.answerId)}`, options);
    case 'editReply':
      return api.request('PATCH', `/api/qa/answer-replies/${id(write.replyId)}`, options);
  }
}

export function useQaWrite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: writeQa,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QA_KEY }),
  });
}

export type QaRemoval = { kind: 'question' | 'answer' | 'reply'; id: string };

const REMOVE_PATHS: Record<QaRemoval['kind'], string> = {
  question: 'questions',
  answer: 'answers',
  reply: 'answer-replies',
};

export function useQaDelete() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (removal: QaRemoval) =>
      api.request('DELETE', `/api/qa/${REMOVE_PATHS[removal.kind]}/${id(removal.id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QA_KEY }),
  });
}

/** `POST /api/qa/questions/:id/adopt {answerId}`: the asker picks the best answer; the wallet pays the bounty. */
export function useAdoptAnswer(questionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answerId: string) =>
      api.request<QuestionWritten>('POST', `/api/qa/questions/${id(questionId)}/adopt`, { json: { answerId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QA_KEY }),
  });
}

/** `PUT` / `DELETE /api/qa/questions/:id/like|favourite`: answers the new state (no count). */
export function useQuestionMark(questionId: string, mark: 'like' | 'favourite') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) =>
      api.request<{ questionId: string; liked?: boolean; favourited?: boolean; visible: boolean }>(
        on ? 'PUT' : 'DELETE',
        `/api/qa/questions/${id(questionId)}/${mark}`,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...QA_KEY, 'mine'] }),
  });
}

/** What a like of an answer or an answer reply targets (`/api/qa/answers/:id/like`, `/api/qa/answer-replies/:id/like`). */
export type AnswerLikeKind = 'answer' | 'answerReply';

/** `PUT` / `DELETE` the like of an answer or reply (a toggle: repeating changes nothing); refreshes the question. */
export function useAnswerLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, targetId, liked }: { kind: AnswerLikeKind; targetId: string; liked: boolean }) =>
      api.request<{ targetId: string; liked: boolean; visible: boolean }>(
        liked ? 'PUT' : 'DELETE',
        `/api/qa/${kind === 'answer' ? 'answers' : 'answer-replies'}/${id(targetId)}/like`,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...QA_KEY, 'detail'] }),
  });
}
