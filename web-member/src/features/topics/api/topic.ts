import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EnvelopeInput } from '@/features/wallet';
import { api } from '@/lib/api/client';
import type { PostedTopic, TopicDetail, TopicRow, UnlockResult } from './types';

export const topicQueryKey = (topicId: string) => ['topics', 'detail', topicId] as const;

/** `GET /api/forum/topics/:id`: the topic as this reader may see it (locked blocks empty). */
export function getTopic(topicId: string, signal?: AbortSignal): Promise<TopicDetail> {
  return api.get<TopicDetail>(`/api/forum/topics/${encodeURIComponent(topicId)}`, { signal });
}

export function useTopic(topicId: string) {
  // The app's default freshness, stated: the thread's first paint seeds this query (`useThreadPage`).
  return useQuery({
    queryKey: topicQueryKey(topicId),
    queryFn: ({ signal }) => getTopic(topicId, signal),
    staleTime: 30_000,
  });
}

export function useSimilarTopics(topicId: string) {
  return useQuery({
    queryKey: ['topics', 'similar', topicId],
    queryFn: ({ signal }) =>
      api.get<{ items: TopicRow[] }>(`/api/forum/topics/${encodeURIComponent(topicId)}/similar`, {
        signal,
        loading: false,
        silent: true,
      }),
  });
}

export interface TopicInput {
  title: string;
  content: string;
  tagIds: string[];
  /** A new topic's red envelope (wallet). */
  redEnvelope?: EnvelopeInput;
  /** `markdown` when `content` is Markdown the server converts (ADR 0033); absent for the rich editor's HTML. */
  format?: 'html' | 'markdown';
}

/**
 * `POST /api/forum/topics` or `PATCH /api/forum/topics/:id`; the caller shows failures under the fields. A topic
 * with a red envelope is sent as JSON: the envelope is a nested object with a numeric type and quantity.
 */
export function saveTopic(input: TopicInput, topicId?: string): Promise<PostedTopic> {
  const data = {
    title: input.title,
    content: input.content,
    tagIds: input.tagIds,
    // Sent only for Markdown, so an HTML write is what it always was.
    ...(input.format === 'markdown' ? { format: 'markdown' } : {}),
  };
  if (topicId) {
    return api.request<PostedTopic>('PATCH', `/api/forum/topics/${encodeURIComponent(topicId)}`, {
      data,
      silent: true,
    });
  }
  return input.redEnvelope
    ? api.request<PostedTopic>('POST', '/api/forum/topics', {
        json: { ...data, redEnvelope: input.redEnvelope },
        silent: true,
      })
    : api.post<PostedTopic>('/api/forum/topics', data, { silent: true });
}

/** Saving changes every topic list and the topic itself. */
export function useSaveTopic(topicId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TopicInput) => saveTopic(input, topicId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['topics'] }),
  });
}

export function useDeleteTopic(topicId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.request<PostedTopic>('DELETE', `/api/forum/topics/${encodeURIComponent(topicId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['topics'] }),
  });
}

/**
 * `POST /api/forum/topics/:id/unlock`: `{type:10,password}` or, paying, `{type:40|50,price}` with the price the
 * member confirmed (points, or fen); answers with the opened blocks' HTML. Sent as JSON: the server's schema wants
 * numbers and refuses the form-encoded "10".
 */
export function unlockTopic(
  topicId: string,
  unlock: { type: 10; password: string } | { type: 40 | 50; price: number },
): Promise<UnlockResult> {
  return api.request<UnlockResult>('POST', `/api/forum/topics/${encodeURIComponent(topicId)}/unlock`, {
    json: unlock,
    silent: true,
  });
}
