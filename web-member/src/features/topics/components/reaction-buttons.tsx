import { ReactionButton } from '@/components/content/reaction-button';
import { useSetFavourite, useSetLike } from '../api/reactions';
import type { LikeKind } from '../api/types';

/** Like / unlike with the count the server answers. */
export function LikeButton({ kind, id, liked, count }: { kind: LikeKind; id: string; liked: boolean; count: number }) {
  const mutation = useSetLike();
  return (
    <ReactionButton
      reaction="like"
      on={liked}
      count={count}
      pending={mutation.isPending}
      onToggle={(next, settle) =>
        mutation.mutate({ kind, id, liked: next }, { onSuccess: (answer) => settle(answer.liked, answer.likeCount) })
      }
    />
  );
}

export function FavouriteButton({
  topicId,
  favourited,
  count,
}: {
  topicId: string;
  favourited: boolean;
  count: number;
}) {
  const mutation = useSetFavourite();
  return (
    <ReactionButton
      reaction="favourite"
      on={favourited}
      count={count}
      pending={mutation.isPending}
      onToggle={(next, settle) =>
        mutation.mutate(
          { topicId, favourited: next },
          { onSuccess: (answer) => settle(answer.favourited, answer.favoriteCount) },
        )
      }
    />
  );
}
