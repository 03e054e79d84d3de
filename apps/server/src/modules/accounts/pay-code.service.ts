import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { AppError } from '../../errors.ts';
import { getUserRow, requireLoginPassword } from './accounts.service.ts';
import { type AttemptOutcome, attemptKeepingCount, attemptWithLockout } from './lockout.service.ts';
import { checkPayCode, hashPayCode, type PayCodeKeys } from './pay-code-keys.ts';

/**
 * The payment code: a separate secret that every money-moving call checks (pay orders, withdraw),
 * with its own lockout. Set, changed and verified here; the users table belongs to accounts.
 */

/**
 * `POST /api/user/resetPay`: sets the payment code the first time with the login password, and
 * changes it afterwards with the old code or, when the code is forgotten (or locked), with
 * the login password again. The password check has the login lockout; a new code ends a pay lock.
 */
export async function setPayPassword(
  db: Database,
  userId: number,
  input: { paypwd: string; oldpaypwd?: string | undefined; password?: string | undefined },
  keys: PayCodeKeys,
): Promise<void> {
  const row = await getUserRow(db, userId);
  const isFirst = row.payPasswordHash === null;
  if (isFirst) {
    if (!input.password) {
      throw new AppError('VALIDATION_FAILED', undefined, { password: 'validation.login_password_required' });
    }
    await requireLoginPassword(db, row, input.password);
  } else if (input.oldpaypwd) {
    await verifyPayPassword(db, userId, input.oldpaypwd, keys);
  } else if (input.password) {
    await requireLoginPassword(db, row, input.password);
  } else {
    throw new AppError('VALIDATION_FAILED', undefined, { oldpaypwd: 'validation.old_pay_password_required' });
  }
  const payPasswordHash = hashPayCode(input.paypwd, keys);
  const updated = await db
    .update(users)
    .set({ payPasswordHash, payFailures: 0, payLockedUntil: null, updatedAt: sql`now()` })
    // A first-time set must not overwrite a code set meanwhile by another request.
    .where(and(eq(users.id, userId), isFirst ? isNull(users.payPasswordHash) : undefined))
    .returning({ id: users.id });
  if (updated.length === 0) {
    throw new AppError('VALIDATION_FAILED', undefined, { oldpaypwd: 'validation.old_pay_password_required' });
  }
}

/**
 * Checks a user's payment code for any module that spends money (pay orders, withdraw).
 * Throws PAY_PASSWORD_NOT_SET, PAY_PASSWORD_WRONG (with `remaining`) or PAY_LOCKED (with
 * `minutes`). Five wrong codes lock payment for 30 minutes; every try is counted, concurrent
 * ones included. The code is checked with a keyed hash (ADR 0011), not a slow one.
 *
 * Pass the root database handle and call it before opening the business transaction: inside a
 * transaction that later rolls back, the count of a wrong try would be lost.
 */
export async function verifyPayPassword(db: Database, userId: number, code: string, keys: PayCodeKeys): Promise<void> {
  // The claim returns the stored code: no read of its own. A right code under an argon2 hash or a
  // retired key is rewritten to the current form by the reset that ends the count.
  const outcome = await attemptWithLockout(db, userId, 'pay', (stored) => checkPayCode(stored, code, keys));
  if (!outcome.ok) throw refusal(outcome);
}

function refusal(outcome: Exclude<AttemptOutcome, { ok: true }>): AppError {
  return outcome.locked
    ? new AppError('PAY_LOCKED', { minutes: outcome.minutes })
    : new AppError('PAY_PASSWORD_WRONG', { remaining: outcome.remaining });
}

/**
 * `verifyPayPassword` whose right code ends its try count inside the business transaction that
 * spends the money, instead of in an autocommit of its own (one commit, and its WAL flush, less
 * per payment: ADR 0013, addendum 2). `work` gets the transaction's first statement to run:
 * call `ends(tx)` first thing inside it. Whatever the outcome (commit, rollback, an idempotent
 * replay that never opened a transaction), the count of the right code is ended: on the root
 * handle when the transaction did not commit it.
 */
export async function withVerifiedPayCode<T>(
  db: Database,
  userId: number,
  code: string,
  keys: PayCodeKeys,
  work: (ends: (tx: Database) => Promise<void>) => Promise<T>,
): Promise<T> {
  const outcome = await attemptKeepingCount(db, userId, 'pay', (stored) => checkPayCode(stored, code, keys));
  if (!outcome.ok) throw refusal(outcome);
  let endedInWork = false;
  const ends = async (tx: Database) => {
    await outcome.endCount(tx);
    endedInWork = true;
  };
  let result: T;
  try {
    result = await work(ends);
  } catch (error) {
    // The transaction rolled back (short balance, order expired, …): the right code still ends the count.
    await outcome.endCount(db);
    throw error;
  }
  if (!endedInWork) await outcome.endCount(db);
  return result;
}
