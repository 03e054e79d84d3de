import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** Account names by user id, for screens that show who did something (admin queues). */
export async function listAccountNames(db: Database, userIds: readonly number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, account: users.account })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((row) => [row.id, row.account]));
}
