import { useTranslation } from '@/lib/translator';
import { Link } from '@/lib/router';
import { formatDateTime } from '@/lib/format-time';
import { useAppState } from '@/stores/app-state';
import { chatHref } from '@/features/messages';
import { usePagedQaList } from '@/features/questions';
import { FollowButton, usePublicProfile } from '@/features/social';
import { usePagedForumList } from '@/features/topics';
import { MemberAvatar, memberHref, useMemberName } from './author-name';
import { useMemberGrade } from './member-card';

/**
 * The card's content, fetched when it first opens (and then from react-query's cache): who the member is, their
 * grade and counts, follow / unfollow, a private message and a link to their page. The counts reuse the member
 * page's own queries, so opening the page after the card asks for nothing again. Its code (with the follow button,
 * the message link's and the counts' APIs) loads when a card is first about to open: no first page carries it.
 */
export function MemberCardBody({ memberId, labelId }: { memberId: string; labelId: string }) {
  const { t, i18n } = useTranslation();
  const nameOf = useMemberName();
  const me = useAppState((state) => state.systemUser?.id ?? null);
  const profile = usePublicProfile(memberId);
  const grade = useMemberGrade(memberId);
  const base = `members/${encodeURIComponent(memberId)}`;
  const topics = usePagedForumList(`${base}/topics`, 1);
  const questions = usePagedQaList(`${base}/questions`, 1);

  if (profile.isPending) {
    return (
      <span className="muted" id={labelId} aria-busy="true">
        {t('common.loading')}
      </span>
    );
  }
  if (profile.isError) {
    return (
      <span className="muted" id={labelId} role="alert">
        {t('member.loadError')}
      </span>
    );
  }
  const member = { ...profile.data, memberId: profile.data.id };
  const name = nameOf(member);
  const counts = [
    { key: 'topics', label: t('member.topics'), value: topics.data?.total },
    { key: 'questions', label: t('member.questions'), value: questions.data?.total },
    { key: 'followers', label: t('member.followers'), value: member.followerCount },
    { key: 'following', label: t('member.following'), value: member.followingCount },
  ];
  // Phrasing content only (spans): a name sits inside paragraphs and table cells.
  return (
    <>
      <span className="member-card__head">
        <MemberAvatar member={member} size="medium" alt={member.cancelled ? '' : name} />
        <span className="member-card__who">
          <span className="member-card__name" id={labelId}>
            <Link to={memberHref(memberId)}>{name}</Link>
            {member.isStaff ? (
              <span className="staff-badge" title={t('member.officialHint')}>
                {t('forum.staff')}
              </span>
            ) : null}
          </span>
          {grade.data?.grade ? (
            <span className="member-card__grade">{t('member.grade', { grade: grade.data.grade })}</span>
          ) : null}
          {member.cancelled ? null : (
            <span className="muted member-card__joined">
              {t('member.joined', { time: formatDateTime(member.registeredAt, i18n.language) })}
            </span>
          )}
        </span>
      </span>
      {member.cancelled ? null : (
        <>
          <span className="member-card__counts" role="list" aria-label={t('member.counts')}>
            {counts.map((count) => (
              <span key={count.key} className="member-card__count" role="listitem" data-count={count.key}>
                <strong>{count.value ?? '–'}</strong> <span className="muted">{count.label}</span>
              </span>
            ))}
          </span>
          <span className="member-card__actions">
            {me === memberId ? null : (
              <>
                <FollowButton memberId={memberId} name={name} following={member.followedByMe} />
                <Link className="button" to={chatHref(memberId)} aria-label={t('member.messageLabel', { name })}>
                  {t('member.message')}
                </Link>
              </>
            )}
            <Link className="button" to={memberHref(memberId)}>
              {t('member.openPage')}
            </Link>
          </span>
        </>
      )}
    </>
  );
}
