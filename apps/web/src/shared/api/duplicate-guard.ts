import { clientConstants } from '@crossmart/contract/client';

export interface DuplicateGuard {
  /** True when this POST/PUT repeats the previous one (same URL and body) within the window. */
  isDuplicate(url: string, body: unknown): boolean;
}

function serialize(body: unknown): string {
  if (body === undefined || body === null) return '';
  if (typeof body === 'string') return body;
  // Multipart bodies (uploads) cannot be compared; they always pass.
  if (typeof FormData !== 'undefined' && body instanceof FormData) return `form:${Math.random()}`;
  return JSON.stringify(body);
}

/**
 * The duplicate-submit guard of docs/spec.md §5: remembers the last POST/PUT (URL + body + time) and
 * refuses an identical one within `windowMs`.
 */
export function createDuplicateGuard(
  windowMs: number = clientConstants.duplicateSubmitWindowMs,
  now: () => number = Date.now,
): DuplicateGuard {
  let last: { url: string; body: string; time: number } | undefined;
  return {
    isDuplicate(url, body) {
      const current = { url, body: serialize(body), time: now() };
      const repeated =
        last !== undefined &&
        last.url === current.url &&
        last.body === current.body &&
        current.time - last.time < windowMs;
      if (!repeated) last = current;
      return repeated;
    },
  };
}
