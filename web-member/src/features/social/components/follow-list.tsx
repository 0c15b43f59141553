import { useTranslation } from 'react-i18next';
import { Pagination } from '@/components/ui/pagination';
import { formatDateTime } from '@/lib/format-time';
import { useFollowList, type FollowDirection, type FollowEntry } from '../api/follows';
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
  const nameOf = (entry: FollowEntry) => (entry.cancelled ? t('common.cancelledAccount') : (entry.nickname ?? ''));
  return (
    <>
      <ul
        className="member-list"
        aria-label={t(direction === 'following' ? 'control.followList' : 'control.followerList')}
      >
        {items.map((entry) => (
          <li key={entry.memberId} className="member-list__row">
            {entry.avatarUrl && !entry.cancelled ? (
              <img className="avatar" src={entry.avatarUrl} alt="" width={40} height={40} />
            ) : (
              <span className="avatar avatar--letter" aria-hidden="true">
                {entry.cancelled ? '?' : (entry.nickname ?? '?').slice(0, 1).toUpperCase()}
              </span>
            )}
            <span className="member-list__name">{nameOf(entry)}</span>
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
