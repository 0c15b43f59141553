import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchKind, SearchResultView } from '@contracts/search/search.views';
import type { Page } from '@/lib/api/api-types';
import { api } from '@/lib/api/client';

export type { SearchKind };
export type SearchSort = 'relevance' | 'latest';

/** One hit of `GET /api/search`: a public read view (`libs/contracts`, ADR 0047). */
export type { SearchResultView as SearchResult };

export interface SearchParams {
  keyword: string;
  type?: SearchKind;
  /** A forum tag (with `type: 'topic'`) or a question tag (with `type: 'question'`). */
  tagId?: string;
  sort: SearchSort;
  page: number;
  pageSize: number;
}

export const searchKeys = {
  results: (params: SearchParams) => ['search', 'results', params] as const,
  hotTerms: () => ['search', 'hotTerms'] as const,
};

/** `GET /api/search`: topics, questions and help articles the reader may see, one page. */
export function searchQueryOptions(params: SearchParams) {
  const { type, tagId, ...rest } = params;
  return queryOptions({
    queryKey: searchKeys.results(params),
    queryFn: ({ signal }) =>
      api.get<Page<SearchResultView>>('/api/search', {
        params: { ...rest, ...(type ? { type } : {}), ...(tagId ? { tagId } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: params.keyword.trim().length > 0,
  });
}

export function useSearch(params: SearchParams) {
  return useQuery(searchQueryOptions(params));
}

/** `GET /api/search/hot-terms`: what people searched for most this week. */
export function useHotTerms() {
  return useQuery({
    queryKey: searchKeys.hotTerms(),
    queryFn: ({ signal }) => api.get<{ terms: { term: string; count: number }[] }>('/api/search/hot-terms', { signal }),
    staleTime: 60_000,
  });
}
