import { useEffect, useState } from 'react';

/** Milliseconds left until `deadline` (ISO), never negative. */
export function remainingMs(deadline: string, now: number): number {
  const end = Date.parse(deadline);
  return Number.isNaN(end) ? 0 : Math.max(0, end - now);
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * `mm:ss` under an hour, `h:mm:ss` above. Seconds round up, so the clock reads 00:00 only once the
 * time is really over.
 */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}

/**
 * Milliseconds left until `deadline`, ticking every second while the screen is shown; undefined
 * without a (valid) deadline.
 */
export function useCountdown(deadline: string | null | undefined): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!deadline) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  if (!deadline || Number.isNaN(Date.parse(deadline))) return undefined;
  return remainingMs(deadline, now);
}
