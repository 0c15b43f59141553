import { useQuery } from '@tanstack/react-query';
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from '@/lib/translator';
import { Link } from '@/lib/router';
import { api } from '@/lib/api/client';
import { formatDateTime } from '@/lib/format-time';
import { useAppState } from '@/stores/app-state';
import { chatHref } from '@/features/messages/components/conversation-list';
import { usePagedQaList } from '@/features/questions/api/questions';
import { usePublicProfile } from '@/features/social/api/follows';
import { FollowButton } from '@/features/social/components/follow-button';
import { usePagedForumList } from '@/features/topics/api/my-lists';
import { MemberAvatar, memberHref, useMemberName } from './author-name';

/** How long the pointer rests on a name before its card opens, and may wander off it before the card closes. */
export const CARD_OPEN_DELAY_MS = 350;
const CARD_CLOSE_DELAY_MS = 250;
const CARD_WIDTH = 288;
const CARD_ROOM_BELOW = 300;

/** `GET /api/wallet/members/:memberId/grade`: the grade's name (null when the table has none that low). */
export function useMemberGrade(memberId: string, enabled = true) {
  return useQuery({
    queryKey: ['member', 'grade', memberId],
    queryFn: ({ signal }) =>
      api.get<{ grade: string | null }>(`/api/wallet/members/${encodeURIComponent(memberId)}/grade`, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** Where the card goes: under the name, or above it near the bottom of the window; kept inside the window. */
function placeBy(anchor: HTMLElement | null): CSSProperties {
  if (!anchor || typeof window === 'undefined') return {};
  const box = anchor.getBoundingClientRect();
  const left = Math.max(8, Math.min(box.left, window.innerWidth - CARD_WIDTH - 8));
  const above = box.bottom + CARD_ROOM_BELOW > window.innerHeight && box.top > CARD_ROOM_BELOW;
  return {
    '--member-card-left': `${left}px`,
    '--member-card-top': above ? `${box.top - 4}px` : `${box.bottom + 4}px`,
    '--member-card-shift': above ? '-100%' : '0',
  } as CSSProperties;
}

/**
 * The card's content, fetched when it first opens (and then from react-query's cache): who the member is, their
 * grade and counts, follow / unfollow, a private message and a link to their page. The counts reuse the member
 * page's own queries, so opening the page after the card asks for nothing again.
 */
function MemberCardBody({ memberId, labelId }: { memberId: string; labelId: string }) {
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

/**
 * Wraps a member's name (and avatar): the member card opens when a mouse rests on it, when keyboard focus reaches
 * it, or on a first tap on a touch screen (a second tap, or the card's link, opens the member page). Escape, moving
 * focus or the pointer away, or a tap elsewhere closes it. The card follows its trigger in the DOM, so Tab walks
 * from the name into the card's buttons.
 */
export function MemberCardTrigger({ memberId, children }: { memberId: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<CSSProperties>({});
  const root = useRef<HTMLSpanElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastPointer = useRef<string>('mouse');
  const pressed = useRef(false);
  const labelId = useId();
  const cardId = useId();

  const clearTimer = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const show = useCallback(() => {
    clearTimer();
    setPlace(placeBy(root.current));
    setOpen(true);
  }, []);
  const later = (next: () => void, ms: number) => {
    clearTimer();
    timer.current = setTimeout(next, ms);
  };
  const hide = useCallback(() => {
    clearTimer();
    setOpen(false);
  }, []);

  useEffect(() => clearTimer, []);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      const inside = root.current?.contains(document.activeElement);
      hide();
      // Focus inside the card goes back to the name, so the keyboard user stays where they were.
      if (inside) root.current?.querySelector<HTMLElement>('.author-name__link')?.focus();
    };
    const onOutside = (event: globalThis.PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) hide();
    };
    const onMove = () => setPlace(placeBy(root.current));
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onOutside);
    window.addEventListener('scroll', onMove, true);
    window.addEventListener('resize', onMove);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onOutside);
      window.removeEventListener('scroll', onMove, true);
      window.removeEventListener('resize', onMove);
    };
  }, [open, hide]);

  const onPointerEnter = (event: PointerEvent) => {
    lastPointer.current = event.pointerType;
    if (event.pointerType === 'mouse' && !open) later(show, CARD_OPEN_DELAY_MS);
    else if (event.pointerType === 'mouse') clearTimer();
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    if (open) later(hide, CARD_CLOSE_DELAY_MS);
    else clearTimer();
  };
  const onPointerDown = (event: PointerEvent) => {
    lastPointer.current = event.pointerType;
    pressed.current = true;
  };
  // A first tap on the name or avatar shows the card instead of leaving the page.
  const onClickCapture = (event: MouseEvent) => {
    pressed.current = false;
    const onTrigger = !(event.target as HTMLElement).closest('.member-card');
    if (onTrigger && !open && (lastPointer.current === 'touch' || lastPointer.current === 'pen')) {
      event.preventDefault();
      show();
    }
  };
  const onFocus = () => {
    // Only keyboard focus: pressing the name focuses it too, and then the click decides (page or card).
    if (pressed.current) {
      pressed.current = false;
      return;
    }
    if (!open) later(show, CARD_OPEN_DELAY_MS);
  };
  // Focus leaving for another element closes the card. Focus going nowhere does not: a button of the card that is
  // busy (disabled) while following drops its focus, and the card must stay to show the result.
  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (next && !root.current?.contains(next)) hide();
  };

  return (
    <span
      ref={root}
      className="member-card-anchor"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onPointerDown={onPointerDown}
      onClickCapture={onClickCapture}
      onFocus={onFocus}
      onBlur={onBlur}
      data-card-open={open ? 'true' : undefined}
    >
      {children}
      {open ? (
        <span id={cardId} className="member-card" role="dialog" aria-labelledby={labelId} style={place}>
          <MemberCardBody memberId={memberId} labelId={labelId} />
        </span>
      ) : null}
    </span>
  );
}
