import { useTranslation } from '@/lib/translator';
import { AuthorName, useMemberName } from '@/components/member/author-name';
import { Pagination } from '@/components/ui/pagination';
import { formatDateTime } from '@/lib/format-time';
import { useFollowList, type FollowDirection } from '../api/follows';
import { FollowButton } from './follow-button';

export const FOLLOW_PAGE_SIZE = 20;

/** The members I follow (each with an unfollow button) or who follow me, one page at a time. */
export function FollowList({
  memberId,
  direction,
  page,
}: {
  memberId: string;
  direction: FollowDirection;
  page: number;
}) {
  const { t, i18n } = useTranslation();
  const nameOf = useMemberName();
  const list = useFollowList({ memberId, direction, page, pageSize: FOLLOW_PAGE_SIZE });

  if (list.isPending) {
    return (
      <p className="muted" aria-busy="true">
        {t('common.loading')}
      </p>
    );
  }
  if (list.isError) {
    return (
      <div className="inline-error" role="alert">
        <p>{t('follow.loadError')}</p>
        <button type="button" className="button" onClick={() => void list.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  const { items, total, totalPages } = list.data;
  if (items.length === 0 && page === 1) {
    return <p className="muted">{t(direction === 'following' ? 'follow.noFollowing' : 'follow.noFollowers')}</p>;
  }
  return (
    <>
      <ul
        className="member-list"
        aria-label={t(direction === 'following' ? 'control.followList' : 'control.followerList')}
      >
        {items.map((entry) => (
          <li key={entry.memberId} className="member-list__row">
            <span className="member-list__name">
              <AuthorName author={entry} avatar />
            </span>
            <span className="muted">
              {t(direction === 'following' ? 'follow.followedSince' : 'follow.followsSince', {
                time: formatDateTime(entry.followedAt, i18n.language),
              })}
            </span>
            {direction === 'following' ? (
              <FollowButton memberId={entry.memberId} name={nameOf(entry)} following />
            ) : null}
          </li>
        ))}
      </ul>
      <p className="muted">{t('follow.total', { total })}</p>
      <Pagination page={page} totalPages={totalPages} />
    </>
  );
}
