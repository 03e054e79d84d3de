import { accountLimits } from '@crossmart/contract';
import { and, eq, gte, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';

/** The two guarded secrets: the login password and the payment code. */
export type LockoutKind = 'login' | 'pay';

const limits: Record<LockoutKind, { maxFailures: number; lockMinutes: number }> = {
  login: { maxFailures: accountLimits.loginMaxFailures, lockMinutes: accountLimits.loginLockMinutes },
  pay: { maxFailures: accountLimits.payMaxFailures, lockMinutes: accountLimits.payLockMinutes },
};

export type AttemptOutcome =
  | { ok: true }
  | { ok: false; locked: false; remaining: number }
  | { ok: false; locked: true; minutes: number };

const columns = {
  login: { failures: users.loginFailures, lockedUntil: users.loginLockedUntil },
  pay: { failures: users.payFailures, lockedUntil: users.payLockedUntil },
} as const;

function lockInterval(kind: LockoutKind) {
  return sql.raw(`interval '${limits[kind].lockMinutes} minutes'`);
}

/**
 * Claims the next attempt number atomically, before any verification: one `UPDATE … RETURNING`
 * takes the row lock, so N concurrent tries get N distinct numbers and all N are counted. An
 * expired lock starts a fresh count.
 */
export async function claimAttempt(db: Database, userId: number, kind: LockoutKind) {
  const { failures, lockedUntil } = columns[kind];
  const expired = sql`${lockedUntil} <= now()`;
  const nextFailures = sql<number>`case when ${expired} then 1 else ${failures} + 1 end`;
  const nextLock = sql<Date | null>`case when ${expired} then null else ${lockedUntil} end`;
  // The count must not wait for a WAL flush: that wait (milliseconds to tens of milliseconds on a
  // busy disk) is what would make a wrong password slower than an unknown account. Only a crash of
  // the database server in the instant after the claim could lose it (ADR 0007).
  const [row] = await db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    return tx
      .update(users)
      .set(
        kind === 'login'
          ? { loginFailures: nextFailures, loginLockedUntil: nextLock }
          : { payFailures: nextFailures, payLockedUntil: nextLock },
      )
      .where(eq(users.id, userId))
      .returning({
        attempt: failures,
        lockedSeconds: sql<number>`coalesce(ceil(extract(epoch from (${lockedUntil} - now()))), 0)::int`,
      });
  });
  if (!row) throw new Error(`user ${userId} vanished during a ${kind} attempt`);
  return row;
}

/**
 * The same statements as a login claim, matching no row: an unknown account makes the database
 * round trips a known one makes, so the answer takes as long.
 */
export async function claimNothing(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    await tx
      .update(users)
      .set({ loginFailures: sql`${users.loginFailures} + 1` })
      .where(eq(users.id, -1))
      .returning({ attempt: users.loginFailures });
  });
}

/**
 * Locks (or keeps an existing lock) and answers the minutes left. Only while the count is still at
 * the limit: when a concurrent correct try has reset it meanwhile, the lock would shut out a user
 * who just proved the secret, so nothing is locked (this try is still refused).
 */
export async function lock(db: Database, userId: number, kind: LockoutKind): Promise<number> {
  const { failures, lockedUntil } = columns[kind];
  const until = sql<Date>`case when ${lockedUntil} > now() then ${lockedUntil} else now() + ${lockInterval(kind)} end`;
  const [row] = await db
    .update(users)
    .set(kind === 'login' ? { loginLockedUntil: until } : { payLockedUntil: until })
    .where(and(eq(users.id, userId), gte(failures, limits[kind].maxFailures)))
    .returning({ seconds: sql<number>`ceil(extract(epoch from (${lockedUntil} - now())))::int` });
  return minutesFrom(row?.seconds ?? limits[kind].lockMinutes * 60);
}

export async function resetFailures(db: Database, userId: number, kind: LockoutKind): Promise<void> {
  await db
    .update(users)
    .set(kind === 'login' ? { loginFailures: 0, loginLockedUntil: null } : { payFailures: 0, payLockedUntil: null })
    .where(eq(users.id, userId));
}

export function minutesFrom(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

/**
 * Runs `check` (a hash verification) only when the user still has attempts left, counting the
 * attempt first. At most `maxFailures` verifications happen per lock window, however many
 * requests arrive at once; the attempt that reaches the limit locks for `lockMinutes`.
 *
 * Call it with the root database handle, not inside a business transaction: a rollback would
 * erase the count.
 */
export async function attemptWithLockout(
  db: Database,
  userId: number,
  kind: LockoutKind,
  check: () => Promise<boolean>,
): Promise<AttemptOutcome> {
  if (db instanceof PgTransaction) {
    // A rollback of the caller's transaction would erase the count, and the claim's relaxed
    // commit would leak into the caller's commit. A programming error, not a user's.
    throw new Error(`${kind} attempts must be checked on the root database handle, outside a transaction`);
  }
  const { maxFailures } = limits[kind];
  const claim = await claimAttempt(db, userId, kind);
  if (claim.lockedSeconds > 0) return { ok: false, locked: true, minutes: minutesFrom(claim.lockedSeconds) };
  if (claim.attempt > maxFailures) return { ok: false, locked: true, minutes: await lock(db, userId, kind) };
  if (await check()) {
    await resetFailures(db, userId, kind);
    return { ok: true };
  }
  if (claim.attempt >= maxFailures) return { ok: false, locked: true, minutes: await lock(db, userId, kind) };
  return { ok: false, locked: false, remaining: maxFailures - claim.attempt };
}
