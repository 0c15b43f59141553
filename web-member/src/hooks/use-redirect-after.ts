import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

export const REDIRECT_DELAY_MS = 3000;

/**
 * After a successful submission: counts down and then navigates to `to` (spec: 3 seconds).
 * Pass null to stay put. Returns the whole seconds left, for the notice.
 */
export function useRedirectAfter(to: string | null, delayMs = REDIRECT_DELAY_MS): number {
  const navigate = useNavigate();
  const [left, setLeft] = useState(Math.ceil(delayMs / 1000));
  useEffect(() => {
    if (to === null) return;
    const started = Date.now();
    setLeft(Math.ceil(delayMs / 1000));
    const tick = setInterval(() => setLeft(Math.max(0, Math.ceil((delayMs - (Date.now() - started)) / 1000))), 250);
    const done = setTimeout(() => navigate(to), delayMs);
    return () => {
      clearInterval(tick);
      clearTimeout(done);
    };
  }, [to, delayMs, navigate]);
  return left;
}
