import { useCallback, useEffect, useState } from 'react';

/** Seconds left until a moment (the server's resend countdown); 0 once it has passed. */
export function useCountdown() {
  const [until, setUntil] = useState(0);
  const [left, setLeft] = useState(0);
  useEffect(() => {
    const remaining = () => Math.max(0, Math.ceil((until - Date.now()) / 1000));
    setLeft(remaining());
    if (remaining() === 0) return;
    const tick = setInterval(() => {
      const seconds = remaining();
      setLeft(seconds);
      if (seconds === 0) clearInterval(tick);
    }, 250);
    return () => clearInterval(tick);
  }, [until]);
  const start = useCallback((seconds: number) => setUntil(Date.now() + Math.max(0, seconds) * 1000), []);
  return { secondsLeft: left, start };
}
