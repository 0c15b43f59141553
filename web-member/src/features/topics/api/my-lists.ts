import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Page } from '@/lib/api/api-types';

export const MY_PAGE_SIZE = 20;

/** Any paged list of the forum for the control panel: `/api/forum/<path>?page&pageSize`. */
export function usePagedForumList<T>(path: string, page: number, enabled = true) {
  return useQuery({
    queryKey: ['topics', 'mine', path, page],
    queryFn: ({ signal }) =>
      api.get<Page<T> & { shown?: boolean }>(`/api/forum/${path}`, {
        params: { page, pageSize: MY_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
