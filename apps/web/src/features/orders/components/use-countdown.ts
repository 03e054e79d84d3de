import { useEffect, useState } from 'react';
import { remainingMs } from './countdown.ts';

/** Milliseconds left until `deadline`, ticking every second while the screen is shown. */
export function useCountdown(deadline: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  const left = deadline ? remainingMs(deadline, now) : 0;
  useEffect(() => {
    if (!deadline) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return left;
}
