import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetFavourite, useSetLike } from '../api/reactions';
import type { LikeKind } from '../api/types';

/** Like / unlike with the count the server answers; visitors are sent to log in by the API client. */
export function LikeButton({ kind, id, liked, count }: { kind: LikeKind; id: string; liked: boolean; count: number }) {
  const { t } = useTranslation();
  const [state, setState] = useState({ liked, count });
  useEffect(() => setState({ liked, count }), [liked, count]);
  const mutation = useSetLike();
  return (
    <button
      type="button"
      className={`reaction${state.liked ? ' reaction--on' : ''}`}
      aria-pressed={state.liked}
      disabled={mutation.isPending}
      onClick={() =>
        mutation.mutate(
          { kind, id, liked: !state.liked },
          { onSuccess: (answer) => setState({ liked: answer.liked, count: answer.likeCount }) },
        )
      }
    >
      {state.liked ? t('forum.unlike') : t('forum.like')} · {t('forum.likeCount', { value: state.count })}
    </button>
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
  const { t } = useTranslation();
  const [state, setState] = useState({ favourited, count });
  useEffect(() => setState({ favourited, count }), [favourited, count]);
  const mutation = useSetFavourite();
  return (
    <button
      type="button"
      className={`reaction${state.favourited ? ' reaction--on' : ''}`}
      aria-pressed={state.favourited}
      disabled={mutation.isPending}
      onClick={() =>
        mutation.mutate(
          { topicId, favourited: !state.favourited },
          { onSuccess: (answer) => setState({ favourited: answer.favourited, count: answer.favoriteCount }) },
        )
      }
    >
      {state.favourited ? t('forum.unfavourite') : t('forum.favourite')} ·{' '}
      {t('forum.favouriteCount', { value: state.count })}
    </button>
  );
}
