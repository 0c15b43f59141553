import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Page } from '@/lib/api/api-types';
import type { CommentPosition, CommentView, ReplyView } from './types';

export const COMMENT_PAGE_SIZE = 20;
export const commentsQueryKey = (topicId: string) => ['topics', 'comments', topicId] as const;

/** `GET /api/forum/topics/:id/comments?page`: comments with quote chains and their first replies. */
export function useComments(topicId: string, page: number) {
  return useQuery({
    queryKey: [...commentsQueryKey(topicId), page],
    queryFn: ({ signal }) =>
      api.get<Page<CommentView>>(`/api/forum/topics/${encodeURIComponent(topicId)}/comments`, {
        params: { page, pageSize: COMMENT_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    // The app's default freshness, stated: the thread's first paint seeds this query (`useThreadPage`).
    staleTime: 30_000,
  });
}

/** `GET /api/forum/comments/:id/position`: the page a comment is on, for `?commentId=` links. */
export function getCommentPosition(commentId: string): Promise<CommentPosition> {
  return api.get<CommentPosition>(`/api/forum/comments/${encodeURIComponent(commentId)}/position`, {
    params: { pageSize: COMMENT_PAGE_SIZE },
    silent: true,
  });
}

export function useCommentReplies(commentId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['topics', 'replies', commentId],
    queryFn: ({ signal }) =>
      api.get<Page<ReplyView>>(`/api/forum/comments/${encodeURIComponent(commentId)}/replies`, {
        params: { page: 1, pageSize: 100 },
        signal,
      }),
    enabled,
  });
}

/** `format: 'markdown'`: `content` is Markdown, converted by the server (ADR 33); else it is HTML. */
export type ContentWrite = (
  | { kind: 'comment'; topicId: string; content: string; quoteCommentId?: string }
  | { kind: 'reply'; commentId: string; content: string; replyToReplyId?: string }
  | { kind: 'editComment'; commentId: string; content: string }
  | { kind: 'editReply'; replyId: string; content: string }
) & { format?: 'markdown' };

/** Every comment or reply write; the form shows failures itself. */
export function writeContent(write: ContentWrite): Promise<unknown> {
  const id = encodeURIComponent;
  const format = write.format ? { format: write.format } : {};
  switch (write.kind) {
    case 'comment':
      return api.post(
        `/api/forum/topics/${id(write.topicId)}/comments`,
        { content: write.content, quoteCommentId: write.quoteCommentId, ...format },
        { silent: true },
      );
    case 'reply':
      return api.post(
        `/api/forum/comments/${id(write.commentId)}/replies`,
        { content: write.content, replyToReplyId: write.replyToReplyId, ...format },
        { silent: true },
      );
    case 'editComment':
      return api.request('PATCH', `/api/forum/comments/${id(write.commentId)}`, {
        data: { content: write.content, ...format },
        silent: true,
      });
    case 'editReply':
      return api.request('PATCH', `/api/forum/replies/${id(write.replyId)}`, {
        data: { content: write.content, ...format },
        silent: true,
      });
  }
}

/** Comments change the topic's counts and the lists, so the whole forum cache is refreshed. */
export function useWriteContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: writeContent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['topics'] }),
  });
}

export function useDeleteContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: 'comment' | 'reply'; id: string }) =>
      api.request('DELETE', `/api/forum/${kind === 'comment' ? 'comments' : 'replies'}/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['topics'] }),
  });
}
