import { useTranslation } from '@/lib/translator';
import { toast } from '@/components/ui/toast-store';
import { useAppState } from '@/stores/app-state';
import { usePublicProfile, useSetFollowing } from '../api/follows';

export interface FollowButtonProps {
  memberId: string;
  /** The name shown in the button's accessible label and the toast. */
  name: string;
  /** When the caller already knows; otherwise it is read from the member's public profile. */
  following?: boolean;
}

/**
 * Follow / unfollow a member, for profiles, topics and lists. Not shown on the member's own entries or for cancelled
 * accounts; a visitor's click goes through the API client, which sends them to log in.
 */
export function FollowButton({ memberId, name, following }: FollowButtonProps) {
  const { t } = useTranslation();
  const me = useAppState((state) => state.systemUser?.id ?? null);
  const known = following !== undefined;
  const profile = usePublicProfile(memberId, !known && me !== null && me !== memberId);
  const setFollowing = useSetFollowing();
  if (me === memberId || profile.data?.cancelled) return null;
  const isFollowing = known ? following : (profile.data?.followedByMe ?? false);
  const busy = setFollowing.isPending || (!known && me !== null && profile.isPending);

  const toggle = () =>
    setFollowing.mutate(
      { memberId, follow: !isFollowing },
      {
        onSuccess: () => toast.success(t(isFollowing ? 'follow.unfollowed' : 'follow.followed', { name })),
      },
    );

  return (
    <button
      type="button"
      className={`button${isFollowing ? '' : ' button--primary'}`}
      aria-pressed={isFollowing}
      aria-label={t(isFollowing ? 'follow.unfollowLabel' : 'follow.followLabel', { name })}
      disabled={busy}
      onClick={toggle}
    >
      {isFollowing ? t('follow.unfollow') : t('follow.follow')}
    </button>
  );
}
