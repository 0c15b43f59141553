import { useQuery } from '@tanstack/react-query';
import {
  lazy,
  Suspense,
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
import { useTranslation, withEveryText } from '@/lib/translator';
import { api } from '@/lib/api/client';

// The card's texts (follow, messages, Q&A) are not in a first page's part of the catalogue: they load beside its code.
const loadBody = withEveryText(() => import('./member-card-body'));
const MemberCardBody = lazy(() => loadBody().then((module) => ({ default: module.MemberCardBody })));

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
 * Wraps a member's name (and avatar): the member card opens when a mouse rests on it, when keyboard focus reaches
 * it, or on a first tap on a touch screen (a second tap, or the card's link, opens the member page). Escape, moving
 * focus or the pointer away, or a tap elsewhere closes it. The card follows its trigger in the DOM, so Tab walks
 * from the name into the card's buttons.
 */
export function MemberCardTrigger({ memberId, children }: { memberId: string; children: ReactNode }) {
  const { t } = useTranslation();
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
    void loadBody();
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
    if (event.pointerType === 'mouse' && !open) {
      // The card's code loads while the pointer rests (it is no part of the first page).
      void loadBody();
      later(show, CARD_OPEN_DELAY_MS);
    } else if (event.pointerType === 'mouse') clearTimer();
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
          <Suspense
            fallback={
              <span className="muted" id={labelId} aria-busy="true">
                {t('common.loading')}
              </span>
            }
          >
            <MemberCardBody memberId={memberId} labelId={labelId} />
          </Suspense>
        </span>
      ) : null}
    </span>
  );
}
