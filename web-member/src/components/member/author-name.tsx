import './member.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A member as every context shows them: a cancelled account has no name and no avatar. */
export interface MemberRef {
  memberId: string;
  nickname: string | null;
  avatarUrl?: string | null;
  cancelled: boolean;
  isStaff?: boolean;
}

/** The member page of `memberId`. */
export const memberHref = (memberId: string) => `/user/${encodeURIComponent(memberId)}`;

/** The name shown for a member: "this user account has been cancelled" once they cancelled. */
export function useMemberName() {
  const { t } = useTranslation();
  return (member: MemberRef | null | undefined) =>
    !member || member.cancelled ? t('common.cancelledAccount') : (member.nickname ?? member.memberId);
}

/** The member's picture, or their initial on a coloured disc; decorative, the name beside it says who. */
export function MemberAvatar({ member, large = false }: { member: MemberRef | null; large?: boolean }) {
  const cancelled = !member || member.cancelled;
  const className = large ? 'avatar avatar--large' : 'avatar';
  if (!cancelled && member.avatarUrl) {
    const size = large ? 100 : 28;
    return <img className={className} src={member.avatarUrl} alt="" width={size} height={size} />;
  }
  // The letter is drawn by CSS, so the name's text (what a reader or a test reads) stays the name alone.
  const letter = cancelled ? '?' : (member.nickname ?? '?').slice(0, 1).toUpperCase();
  return <span className={`${className} avatar--letter member-avatar`} data-letter={letter} aria-hidden="true" />;
}

/**
 * A member's name linking to their member page (with their avatar when `avatar` is set), or "this user account has
 * been cancelled" (no link: the page has nothing to show); staff get a badge.
 */
export function AuthorName({
  author,
  isStaff,
  avatar = false,
}: {
  author: MemberRef | null;
  isStaff?: boolean;
  avatar?: boolean;
}) {
  const { t } = useTranslation();
  const nameOf = useMemberName();
  const cancelled = !author || author.cancelled;
  const staff = (isStaff ?? author?.isStaff) ? <span className="staff-badge">{t('forum.staff')}</span> : null;
  if (cancelled) {
    return (
      <span className="author-name">
        {avatar ? <MemberAvatar member={author} /> : null}
        <span className="author-name__cancelled">{nameOf(author)}</span>
        {staff}
      </span>
    );
  }
  return (
    <span className="author-name">
      <Link className="author-name__link" to={memberHref(author.memberId)}>
        {avatar ? <MemberAvatar member={author} /> : null}
        <span className="author-name__nickname">{nameOf(author)}</span>
      </Link>
      {staff}
    </span>
  );
}
