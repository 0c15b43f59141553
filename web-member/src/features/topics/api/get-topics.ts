import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Page } from '@/lib/api/api-types';

export interface TopicRow {
  topicId: string;
  title: string;
  summary: string;
  tagIds: string[];
  authorId: string;
  postedAt: string;
  commentCount: number;
  likeCount: number;
  viewCount: number;
}

export interface TopicListParams {
  page: number;
  pageSize: number;
}

export const topicsQueryKey = (params?: TopicListParams) =>
  params ? (['topics', 'list', params] as const) : (['topics', 'list'] as const);

/** `GET /api/forum/topics?page&pageSize`: newest topics first. */
export function getTopics(params: TopicListParams, signal?: AbortSignal): Promise<Page<TopicRow>> {
  return api.get<Page<TopicRow>>('/api/forum/topics', { params: { ...params }, signal });
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
