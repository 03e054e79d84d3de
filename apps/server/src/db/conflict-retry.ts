import { driverError } from './pg-errors.ts';

/**
 * PostgreSQL ends a transaction with 40P01 (a deadlock: it picked this transaction as the victim)
 * or 40001 (a serialization failure) after rolling the whole of it back, and its manual asks the
 * client to run it again: nothing of the first run is left, so a second run is safe. ADR 0025.
 */
const conflictKinds = { '40P01': 'deadlock', '40001': 'serialization' } as const;
/** How many times a transaction that lost a deadlock or a serialization check runs again. */
export const defaultConflictRetries = 2;

export type ConflictKind = (typeof conflictKinds)[keyof typeof conflictKinds];

export function conflictOf(error: unknown): ConflictKind | undefined {
  const code = driverError(error)?.code;
  return code === '40P01' || code === '40001' ? conflictKinds[code] : undefined;
}

export interface TransactionConflict {
  kind: ConflictKind;
  /** 1 for the first run's failure. */
  attempt: number;
  /** No run is left: the error goes to the caller. */
  gaveUp: boolean;
  error: unknown;
}

/** A short random pause, longer each time, so the two sides of a cycle do not meet again in step. */
const backoff = (attempt: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.floor(Math.random() * 10 * attempt)));

/** Runs `run` again, up to `retries` more times, while it fails with a conflict; other errors pass at once. */
export async function withConflictRetries<T>(
  run: () => Promise<T>,
  retries: number,
  onConflict: (conflict: TransactionConflict) => void,
  pause: (attempt: number) => Promise<void> = backoff,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      const kind = conflictOf(error);
      if (!kind) throw error;
      const gaveUp = attempt > retries;
      onConflict({ kind, attempt, gaveUp, error });
      if (gaveUp) throw error;
      await pause(attempt);
    }
  }
}
