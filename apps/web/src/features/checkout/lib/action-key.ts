/**
 * Idempotency-Key per user action (docs/product-rules.md §2): a retry of the same thing (after a timeout, say)
 * reuses the key so the server can answer it once; a different body is a new action and needs a
 * new key (the server refuses a key reused with another body). Reset to undefined after a success.
 * A key older than `retryWindowMs` starts a new action: the same buy-now minutes later, on a
 * kept-alive screen, is a new purchase, not a retry of one the server may have saved.
 */
export interface ActionKey {
  /** What the action is about, e.g. the request body without secrets. */
  subject: string;
  key: string;
  /** When the action began (ms since the epoch). */
  at: number;
}

export const retryWindowMs = 2 * 60_000;

export function keyForAction(
  current: ActionKey | undefined,
  subject: string,
  make: () => string,
  now = Date.now(),
): ActionKey {
  if (current?.subject === subject && now - current.at < retryWindowMs) return current;
  return { subject, key: make(), at: now };
}
