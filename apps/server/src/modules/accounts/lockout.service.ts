import { accountLimits } from '@crossmart/contract';
import { and, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { type FixedStatement, fixedStatement, prepared, runFixed } from '../../db/prepared.ts';
import { users } from '../../db/schema/accounts.ts';
import { AppError } from '../../errors.ts';

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
  login: { failures: users.loginFailures, lockedUntil: users.loginLockedUntil, secret: users.passwordHash },
  pay: { failures: users.payFailures, lockedUntil: users.payLockedUntil, secret: users.payPasswordHash },
} as const;

function lockInterval(kind: LockoutKind) {
  return sql.raw(`interval '${limits[kind].lockMinutes} minutes'`);
}

/**
 * The count must not wait for a WAL flush: that wait (milliseconds to tens of milliseconds on a
 * busy disk) is what would make a wrong password slower than an unknown account. Only a crash of
 * the database server in the instant after the claim could lose it (ADR 0007). `set_config(…,
 * true)` in the statement itself relaxes the commit of its own implicit transaction, so the claim
 * is one round trip (not BEGIN, SET LOCAL, UPDATE, COMMIT).
 */
const relaxedCommit = sql`(select set_config('synchronous_commit', 'off', true)) as relaxed_commit`;

/**
 * Claims the next attempt number atomically, before any verification: one `UPDATE … RETURNING`
 * takes the row lock, so N concurrent tries get N distinct numbers and all N are counted. An
 * expired lock starts a fresh count. It also returns the stored secret, so checking it needs no
 * read of its own. A payment code is claimed only when one is set (no row otherwise).
 */
async function claim(db: Database, userId: number, kind: LockoutKind) {
  const name = `accounts_claim_${kind}`;
  const statement = prepared(db, name, () => {
    const { failures, lockedUntil, secret } = columns[kind];
    const expired = sql`${lockedUntil} <= now()`;
    const nextFailures = sql<number>`case when ${expired} then 1 else ${failures} + 1 end`;
    const nextLock = sql<Date | null>`case when ${expired} then null else ${lockedUntil} end`;
    return db
      .update(users)
      .set(
        kind === 'login'
          ? { loginFailures: nextFailures, loginLockedUntil: nextLock }
          : { payFailures: nextFailures, payLockedUntil: nextLock },
      )
      .from(sql`${relaxedCommit}`)
      .where(and(eq(users.id, sql.placeholder('userId')), kind === 'pay' ? isNotNull(secret) : undefined))
      .returning({
        attempt: failures,
        lockedSeconds: sql<number>`coalesce(ceil(extract(epoch from (${lockedUntil} - now()))), 0)::int`,
        secret,
      })
      .prepare(name);
  });
  const [row] = await statement.execute({ userId });
  return row;
}

export async function claimAttempt(db: Database, userId: number, kind: LockoutKind) {
  const row = await claim(db, userId, kind);
  if (!row) throw new Error(`user ${userId} vanished during a ${kind} attempt`);
  return row;
}

/**
 * The same statement as a login claim, matching no row: an unknown account makes the database
 * round trips a known one makes, so the answer takes as long.
 */
export async function claimNothing(db: Database): Promise<void> {
  await claim(db, -1, 'login');
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

/**
 * Ends the count after a right secret; `rewrite` stores the secret in its current form (an older
 * hash or key) in the same statement, only if the row still holds the value that was checked.
 */
export async function resetFailures(
  db: Database,
  userId: number,
  kind: LockoutKind,
  rewrite?: { from: string; to: string },
): Promise<void> {
  if (!rewrite) {
    // The common case (every right payment code): a text built once, prepared per connection.
    await runFixed(db, resetStatements[kind], { userId });
    return;
  }
  const { secret } = columns[kind];
  const stored = rewrite
    ? sql<string>`case when ${secret} = ${rewrite.from} then ${rewrite.to} else ${secret} end`
    : undefined;
  await db
    .update(users)
    .set(
      kind === 'login'
        ? { loginFailures: 0, loginLockedUntil: null, ...(stored ? { passwordHash: stored } : {}) }
        : { payFailures: 0, payLockedUntil: null, ...(stored ? { payPasswordHash: stored } : {}) },
    )
    .where(eq(users.id, userId));
}

const resetStatements: Record<LockoutKind, FixedStatement> = {
  login: fixedStatement(
    sql`update ${users} set login_failures = 0, login_locked_until = null where ${users.id} = ${sql.placeholder('userId')}`,
  ),
  pay: fixedStatement(
    sql`update ${users} set pay_failures = 0, pay_locked_until = null where ${users.id} = ${sql.placeholder('userId')}`,
  ),
};

export function minutesFrom(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

/** What a check of a secret answers: right or wrong, and the secret's new stored form when it should move to one. */
export type SecretCheck = boolean | { ok: boolean; upgraded?: string | undefined };

/**
 * Runs `check` (a hash verification of the stored secret, which the claim returns) only when the
 * user still has attempts left, counting the attempt first. At most `maxFailures` verifications
 * happen per lock window, however many requests arrive at once; the attempt that reaches the
 * limit locks for `lockMinutes`. A right try costs two statements: the claim and the reset.
 * For `pay`, a user without a payment code gets PAY_PASSWORD_NOT_SET and no attempt is counted.
 *
 * Call it with the root database handle, not inside a business transaction: a rollback would
 * erase the count.
 */
export async function attemptWithLockout(
  db: Database,
  userId: number,
  kind: LockoutKind,
  check: (secret: string) => Promise<SecretCheck>,
): Promise<AttemptOutcome> {
  const outcome = await attemptKeepingCount(db, userId, kind, check);
  if (outcome.ok) await outcome.endCount(db);
  return outcome.ok ? { ok: true } : outcome;
}

/**
 * A right try whose count is not ended yet: `endCount(tx)` ends it (and rewrites an older stored
 * form) in the caller's transaction, so a right payment code costs no commit of its own. The
 * caller must end it whatever happens: in its transaction, and again on the root handle when that
 * transaction rolls back or never ran (ending it twice is harmless: the count is set to 0).
 */
export interface RightAttempt {
  ok: true;
  endCount(db: Database): Promise<void>;
}

/**
 * `attemptWithLockout` without the reset of a right try: the caller ends the count with
 * `endCount`, in its own business transaction (ADR 0013, addendum 2). Wrong tries, locks and the
 * claim are counted as in `attemptWithLockout`, on the root handle, before that transaction.
 */
export async function attemptKeepingCount(
  db: Database,
  userId: number,
  kind: LockoutKind,
  check: (secret: string) => Promise<SecretCheck>,
): Promise<RightAttempt | Exclude<AttemptOutcome, { ok: true }>> {
  if (db instanceof PgTransaction) {
    // A rollback of the caller's transaction would erase the count, and the claim's relaxed
    // commit would leak into the caller's commit. A programming error, not a user's.
    throw new Error(`${kind} attempts must be checked on the root database handle, outside a transaction`);
  }
  const { maxFailures } = limits[kind];
  const claimed = await claim(db, userId, kind);
  if (!claimed) {
    if (kind === 'pay' && (await userExists(db, userId))) throw new AppError('PAY_PASSWORD_NOT_SET');
    throw new AppError('UNAUTHORIZED');
  }
  if (claimed.lockedSeconds > 0) return { ok: false, locked: true, minutes: minutesFrom(claimed.lockedSeconds) };
  if (claimed.attempt > maxFailures) return { ok: false, locked: true, minutes: await lock(db, userId, kind) };
  const verdict = await check(claimed.secret ?? '');
  const right = typeof verdict === 'boolean' ? verdict : verdict.ok;
  if (right) {
    const upgraded = typeof verdict === 'boolean' ? undefined : verdict.upgraded;
    const rewrite = upgraded && claimed.secret ? { from: claimed.secret, to: upgraded } : undefined;
    return { ok: true, endCount: (handle) => resetFailures(handle, userId, kind, rewrite) };
  }
  if (claimed.attempt >= maxFailures) return { ok: false, locked: true, minutes: await lock(db, userId, kind) };
  return { ok: false, locked: false, remaining: maxFailures - claimed.attempt };
}

async function userExists(db: Database, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return row !== undefined;
}
