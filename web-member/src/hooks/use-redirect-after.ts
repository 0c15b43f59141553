import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@/lib/router';

export const REDIRECT_DELAY_MS = 3000;

/**
 * After a successful submission: counts down and then navigates to `to` (spec: 3 seconds).
 * Pass null to stay put; `state` goes with the navigation (e.g. a token for the next step).
 * Returns the whole seconds left, for the notice.
 */
export function useRedirectAfter(to: string | null, delayMs = REDIRECT_DELAY_MS, state?: unknown): number {
  const navigate = useNavigate();
  const [left, setLeft] = useState(Math.ceil(delayMs / 1000));
  // Read when the time is up: a new state object on each render must not restart the countdown.
  const stateRef = useRef(state);
  stateRef.current = state;
  useEffect(() => {
    if (to === null) return;
    const started = Date.now();
    setLeft(Math.ceil(delayMs / 1000));
    const tick = setInterval(() => setLeft(Math.max(0, Math.ceil((delayMs - (Date.now() - started)) / 1000))), 250);
    const done = setTimeout(() => {
      const next = stateRef.current;
      void navigate(to, next === undefined ? undefined : { state: next });
    }, delayMs);
    return () => {
      clearInterval(tick);
      clearTimeout(done);
    };
  }, [to, delayMs, navigate]);
  return left;
}
