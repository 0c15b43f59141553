import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/translator';

const TEXTS = {
  like: { off: 'forum.like', on: 'forum.unlike' },
  favourite: { off: 'forum.favourite', on: 'forum.unfavourite' },
} as const;

/** Moves the shown state to what the server answered; without a count from it, the count follows by one. */
type Settle = (on: boolean, count?: number) => void;

/**
 * Like / unlike or favourite / unfavourite with its count: the props are shown (and followed when a refresh brings
 * new ones), `onToggle` sends the wanted state and settles the answer. Visitors are sent to log in by the API client.
 */
export function ReactionButton({
  reaction,
  on,
  count,
  pending,
  onToggle,
}: {
  reaction: keyof typeof TEXTS;
  on: boolean;
  count: number;
  pending: boolean;
  onToggle: (next: boolean, settle: Settle) => void;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState({ on, count });
  useEffect(() => setShown({ on, count }), [on, count]);
  const settle: Settle = (next, answeredCount) =>
    setShown((current) => ({
      on: next,
      count: answeredCount ?? Math.max(0, current.count + (next === current.on ? 0 : next ? 1 : -1)),
    }));
  const text = TEXTS[reaction];
  return (
    <button
      type="button"
      className={`reaction${shown.on ? ' reaction--on' : ''}`}
      aria-pressed={shown.on}
      disabled={pending}
      onClick={() => onToggle(!shown.on, settle)}
    >
      {/* The action names the count: "Like · 3", not "Like · Likes 3" (issue 19). */}
      {t(shown.on ? text.on : text.off)} · <span className="reaction__count">{shown.count}</span>
    </button>
  );
}
