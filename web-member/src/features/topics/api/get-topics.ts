import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Page } from '@/lib/api/api-types';
import type { TopicRow } from './types';

export type { TopicRow } from './types';

export type TopicFilter = 'all' | 'essence' | 'hot';

export interface TopicListParams {
  page: number;
  pageSize: number;
  filter?: TopicFilter;
  tagId?: string;
}

export const topicsQueryKey = (params?: TopicListParams) =>
  params ? (['topics', 'list', params] as const) : (['topics', 'list'] as const);

/** `GET /api/forum/topics?page&pageSize&filter&tagId`: pinned first, then newest (or essence / hot). */
export function getTopics(params: TopicListParams, signal?: AbortSignal): Promise<Page<TopicRow>> {
  const query: Record<string, string | number> = { page: params.page, pageSize: params.pageSize };
  if (params.filter && params.filter !== 'all') query.filter = params.filter;
  if (params.tagId) query.tagId = params.tagId;
  return api.get<Page<TopicRow>>('/api/forum/topics', { params: query, signal });
}

export function topicsQueryOptions(params: TopicListParams) {
  return queryOptions({
    queryKey: topicsQueryKey(params),
    queryFn: ({ signal }) => getTopics(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTopics(params: TopicListParams) {
  return useQuery(topicsQueryOptions(params));
}
