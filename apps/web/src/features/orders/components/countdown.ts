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
