import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';

/**
 * What other modules read of the accounts. `userAccounts` is a relation (a subquery, not yet run)
 * that the caller joins to its own table in the same statement, so no round trip is added. Drizzle
 * names a subquery's fields without its alias, hence field names no caller's table uses.
 */
export function userAccounts(db: Database) {
  return db
    .select({
      userId: sql<number>`${users.id}`.as('user_account_id'),
      account: sql<string>`${users.account}`.as('user_account_name'),
    })
    .from(users)
    .as('user_accounts');
}

/**
 * Takes the user's row lock (`FOR NO KEY UPDATE`, which does not block foreign-key checks of other
 * tables) inside the caller's transaction, so per-user changes elsewhere run one after another.
 * False when the user does not exist.
 */
export async function lockUserRow(tx: Database, userId: number): Promise<boolean> {
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  return user !== undefined;
}

/** Account names by user id, for screens that show who did something (admin queues). */
export async function listAccountNames(db: Database, userIds: readonly number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, account: users.account })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((row) => [row.id, row.account]));
}
