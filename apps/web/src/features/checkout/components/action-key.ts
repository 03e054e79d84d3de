/**
 * Idempotency-Key per user action (product.md §2): a retry of the same thing (after a timeout, say)
 * reuses the key so the server can answer it once; a different body is a new action and needs a
 * new key (the server refuses a key reused with another body). Reset to undefined after a success.
 */
export interface ActionKey {
  /** What the action is about, e.g. the request body without secrets. */
  subject: string;
  key: string;
}

export function keyForAction(current: ActionKey | undefined, subject: string, make: () => string): ActionKey {
  return current?.subject === subject ? current : { subject, key: make() };
}
