import { describe, expect, it } from 'vitest';
import { conflictOf, type TransactionConflict, withConflictRetries } from './conflict-retry.ts';

/** An error shaped as Drizzle throws it: its own, with the driver's (and its SQLSTATE) as `cause`. */
const wrapped = (code: string) =>
  Object.assign(new Error('Failed query'), { cause: Object.assign(new Error(code), { code }) });
const noPause = async () => {};

describe('conflict retries', () => {
  it('tells a deadlock and a serialization failure from other errors', () => {
    expect(conflictOf(wrapped('40P01'))).toBe('deadlock');
    expect(conflictOf(wrapped('40001'))).toBe('serialization');
    expect(conflictOf(wrapped('23505'))).toBeUndefined();
    expect(conflictOf(new Error('40P01'))).toBeUndefined();
  });

  it('runs again after a conflict and returns the run that committed', async () => {
    const seen: TransactionConflict[] = [];
    let runs = 0;
    const result = await withConflictRetries(
      async () => {
        runs += 1;
        if (runs < 3) throw wrapped(runs === 1 ? '40P01' : '40001');
        return 'committed';
      },
      2,
      (conflict) => seen.push(conflict),
      noPause,
    );
    expect(result).toBe('committed');
    expect(runs).toBe(3);
    expect(seen.map(({ kind, attempt, gaveUp }) => ({ kind, attempt, gaveUp }))).toEqual([
      { kind: 'deadlock', attempt: 1, gaveUp: false },
      { kind: 'serialization', attempt: 2, gaveUp: false },
    ]);
  });

  it('gives the last conflict to the caller once the runs are spent', async () => {
    const seen: TransactionConflict[] = [];
    let runs = 0;
    const failing = withConflictRetries(
      async () => {
        runs += 1;
        throw wrapped('40P01');
      },
      1,
      (conflict) => seen.push(conflict),
      noPause,
    );
    await expect(failing).rejects.toThrow('Failed query');
    expect(runs).toBe(2);
    expect(seen.map((conflict) => conflict.gaveUp)).toEqual([false, true]);
  });

  it('never runs again after any other error', async () => {
    let runs = 0;
    const failing = withConflictRetries(
      async () => {
        runs += 1;
        throw wrapped('23505');
      },
      2,
      () => {
        throw new Error('not a conflict');
      },
      noPause,
    );
    await expect(failing).rejects.toThrow('Failed query');
    expect(runs).toBe(1);
  });
});
