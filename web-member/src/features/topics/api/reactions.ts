import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { FavouriteState, LikeKind, LikeState } from './types';

/** `PUT` (like) or `DELETE` (unlike) `/api/forum/likes/:kind/:id`: answers the new state and count. */
export function setLike(kind: LikeKind, id: string, liked: boolean): Promise<LikeState> {
  return api.request<LikeState>(liked ? 'PUT' : 'DELETE', `/api/forum/likes/${kind}/${encodeURIComponent(id)}`);
}

export function setFavourite(topicId: string, favourited: boolean): Promise<FavouriteState> {
  return api.request<FavouriteState>(
    favourited ? 'PUT' : 'DELETE',
    `/api/forum/favourites/topic/${encodeURIComponent(topicId)}`,
  );
}

/** The lists of likes and favourites change too; the caller keeps the answered count on screen. */
export function useSetLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, liked }: { kind: LikeKind; id: string; liked: boolean }) => setLike(kind, id, liked),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['topics', 'mine'] }),
  });
}

export function useSetFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ topicId, favourited }: { topicId: string; favourited: boolean }) =>
      setFavourite(topicId, favourited),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['topics', 'mine'] }),
  });
}
