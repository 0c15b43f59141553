import { useQuery, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Page } from '@/lib/api/api-types';
import { COMMENT_PAGE_SIZE, commentsQueryKey } from './comments';
import { topicQueryKey } from './topic';
import type { CommentView, TopicDetail } from './types';

/** `GET /api/forum/topics/:id/page`: what the topic and comments routes answer, in one request. */
export interface ThreadPage {
  topic: TopicDetail;
  comments: Page<CommentView>;
}

/**
 * The thread's first paint in one request: the answer seeds the queries `useTopic` and `useComments` read, so the
 * page's components find their data instead of asking for it. A failure is silent: the components then ask on
 * their own and show their own errors (not found, forbidden).
 */
export function useThreadPage(topicId: string, page: number, enabled: boolean) {
  const queryClient = useQueryClient();
  // A server-rendered page's data block carries the answer once (ADR 37): the queries it seeds are seeded here,
  // before the components below read them, as the query function would have.
  const hydrated = queryClient.getQueryData<ThreadPage>(threadPageKey(topicId, page));
  if (hydrated && queryClient.getQueryData(topicQueryKey(topicId)) === undefined)
    seed(queryClient, topicId, page, hydrated);
  return useQuery({
    queryKey: threadPageKey(topicId, page),
    queryFn: async ({ signal }) => {
      const data = await api.get<ThreadPage>(`/api/forum/topics/${encodeURIComponent(topicId)}/page`, {
        params: { page, pageSize: COMMENT_PAGE_SIZE },
        signal,
        silent: true,
      });
      seed(queryClient, topicId, page, data);
      return data;
    },
    enabled,
  });
}

const threadPageKey = (topicId: string, page: number) => ['threadPage', topicId, page];

function seed(queryClient: QueryClient, topicId: string, page: number, data: ThreadPage) {
  queryClient.setQueryData(topicQueryKey(topicId), data.topic);
  queryClient.setQueryData([...commentsQueryKey(topicId), page], data.comments);
}

/**
 * Whether a query only repeats part of a thread page's answer held in the same cache (the topic, that page of
 * comments): the server leaves such queries out of the page's data block, which then carries them once.
 */
export function repeatsThreadPage(query: Query, queryClient: QueryClient): boolean {
  return queryClient
    .getQueryCache()
    .findAll({ queryKey: ['threadPage'] })
    .some((pageQuery) => {
      const [, topicId, page] = pageQuery.queryKey as [string, string, number];
      if (pageQuery.state.data === undefined) return false;
      const hash = (key: readonly unknown[]) => JSON.stringify(key);
      return (
        query.queryHash === hash(topicQueryKey(topicId)) ||
        query.queryHash === hash([...commentsQueryKey(topicId), page])
      );
    });
}
