import './member.css';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from '@/lib/translator';
import { Link } from '@/lib/router';
import { MemberCardTrigger } from './member-card';

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

const AVATAR_SIZES = { small: 28, medium: 48, large: 100 } as const;

/**
 * The member's picture, or their initial on a coloured disc. `alt` is empty by default (the name beside it says
 * who); an avatar that stands for the member on its own gets their nickname.
 */
export function MemberAvatar({
  member,
  large = false,
  size = large ? 'large' : 'small',
  alt = '',
}: {
  member: MemberRef | null;
  large?: boolean;
  size?: keyof typeof AVATAR_SIZES;
  alt?: string;
}) {
  const cancelled = !member || member.cancelled;
  const className = size === 'small' ? 'avatar' : `avatar avatar--${size}`;
  if (!cancelled && member.avatarUrl) {
    const pixels = AVATAR_SIZES[size];
    return <img className={className} src={member.avatarUrl} alt={alt} width={pixels} height={pixels} />;
  }
  // The letter is drawn by CSS, so the name's text (what a reader or a test reads) stays the name alone.
  const letter = cancelled ? '?' : (member.nickname ?? '?').slice(0, 1).toUpperCase();
  return (
    <span
      className={`${className} avatar--letter member-avatar`}
      data-letter={letter}
      {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
    />
  );
}

/**
 * A member's name linking to their member page, with their avatar (a link too, its alt text the nickname) when
 * `avatar` is set, and the member card on hover, keyboard focus or a tap; or "this user account has been cancelled"
 * (no link, no card: there is nothing to show); staff get a badge.
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
  const name = nameOf(author);
  const href = memberHref(author.memberId);
  return (
    <MemberCardTrigger memberId={author.memberId}>
      <span className="author-name">
        {avatar ? (
          // The name's link follows: the avatar's is skipped by Tab and screen readers, not by the mouse or a tap.
          <Link className="author-name__avatar" to={href} tabIndex={-1} aria-hidden="true">
            <MemberAvatar member={author} alt={name} />
          </Link>
        ) : null}
        <Link className="author-name__link" to={href}>
          <span className="author-name__nickname">{name}</span>
        </Link>
        {staff}
      </span>
    </MemberCardTrigger>
  );
}

/** Put in a translation's `{{name}}` so the sentence is translated whole and the name goes in as a link. */
export const NAME_SLOT = '\u0000name\u0000';

/** A translated sentence with `NAME_SLOT` where a member's name goes, the name rendered as `name` (an AuthorName). */
export function WithMemberName({ text, name }: { text: string; name: ReactNode }) {
  const parts = text.split(NAME_SLOT);
  return (
    <>{parts.flatMap((part, index) => (index === 0 ? [part] : [<Fragment key={index}>{name}</Fragment>, part]))}</>
  );
}
