import { useQuery, useQueryClient } from '@tanstack/react-query';
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
  return useQuery({
    queryKey: ['threadPage', topicId, page],
    queryFn: async ({ signal }) => {
      const data = await api.get<ThreadPage>(`/api/forum/topics/${encodeURIComponent(topicId)}/page`, {
        params: { page, pageSize: COMMENT_PAGE_SIZE },
        signal,
        silent: true,
      });
      queryClient.setQueryData(topicQueryKey(topicId), data.topic);
      queryClient.setQueryData([...commentsQueryKey(topicId), page], data.comments);
      return data;
    },
    enabled,
  });
}
