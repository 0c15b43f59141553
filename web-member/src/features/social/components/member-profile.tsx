import '../social.css';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/translator';
import { MemberAvatar, useMemberName } from '@/components/member/author-name';
import { useMemberGrade } from '@/components/member/member-card';
import { ApiError } from '@/lib/api/api-error';
import { formatDateTime } from '@/lib/format-time';
import { useAppState } from '@/stores/app-state';
import { useMyRoles, usePublicProfile } from '../api/follows';
import { FollowButton } from './follow-button';

export interface MemberCount {
  key: string;
  label: string;
  value: number | undefined;
}

/**
 * The head of a member page: avatar, name (and the staff mark), when they joined, follower / following counts and
 * the counts the page adds from other contexts, the follow button and the page's other actions.
 */
export function MemberProfile({
  memberId,
  counts = [],
  actions,
}: {
  memberId: string;
  counts?: MemberCount[];
  actions?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const nameOf = useMemberName();
  const profile = usePublicProfile(memberId);
  const grade = useMemberGrade(memberId);
  // A member's roles and their expiry are theirs alone: shown on their own page, never on anyone else's.
  const mine = useAppState((state) => state.systemUser?.id === memberId);
  const roles = useMyRoles(mine);

  if (profile.isPending) {
    return (
      <p className="muted" aria-busy="true">
        {t('common.loading')}
      </p>
    );
  }
  if (profile.isError) {
    const missing = profile.error instanceof ApiError && profile.error.status === 404;
    return (
      <div className="inline-error" role="alert">
        <p>{missing ? t('member.notFound') : t('member.loadError')}</p>
        {missing ? null : (
          <button type="button" className="button" onClick={() => void profile.refetch()}>
            {t('common.retry')}
          </button>
        )}
      </div>
    );
  }
  const member = { ...profile.data, memberId: profile.data.id };
  const name = nameOf(member);
  const all: MemberCount[] = [
    { key: 'followers', label: t('member.followers'), value: member.followerCount },
    { key: 'following', label: t('member.following'), value: member.followingCount },
    ...counts,
  ];
  return (
    <section className="member-profile" aria-labelledby="member-profile-name">
      <MemberAvatar member={member} large />
      <div className="member-profile__body">
        <h1
          id="member-profile-name"
          className={member.cancelled ? 'member-profile__name muted' : 'member-profile__name'}
        >
          {name}
          {member.isStaff ? <span className="staff-badge">{t('forum.staff')}</span> : null}
        </h1>
        {grade.data?.grade && !member.cancelled ? (
          <p className="member-profile__grade">{t('member.grade', { grade: grade.data.grade })}</p>
        ) : null}
        {member.cancelled ? null : (
          <p className="muted">{t('member.joined', { time: formatDateTime(member.registeredAt, i18n.language) })}</p>
        )}
        {mine && roles.data?.length ? (
          <ul className="member-profile__roles" aria-label={t('membership.columns.roleName')}>
            {roles.data.map((role) => (
              <li key={role.roleId}>
                {role.validUntil
                  ? t('membership.validUntil', {
                      role: role.name,
                      time: formatDateTime(role.validUntil, i18n.language),
                    })
                  : t('membership.validForever', { role: role.name })}
              </li>
            ))}
          </ul>
        ) : null}
        <dl className="member-profile__counts" aria-label={t('member.counts')}>
          {all.map((count) => (
            <div key={count.key} className="member-profile__count" data-count={count.key}>
              <dt>{count.label}</dt>
              <dd>{count.value ?? '–'}</dd>
            </div>
          ))}
        </dl>
        {member.cancelled ? null : (
          <div className="member-profile__actions">
            <FollowButton memberId={memberId} name={name} following={member.followedByMe} />
            {actions}
          </div>
        )}
      </div>
    </section>
  );
}
