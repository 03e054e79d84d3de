import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';

/** A user row for tests that need an owner but not a login (the password hash is not valid). */
export async function insertTestUser(
  db: Database,
  values: Partial<typeof users.$inferInsert> = {},
): Promise<{ id: number; account: string }> {
  const account = values.account ?? `u_${randomBytes(5).toString('hex')}`;
  const [row] = await db
    .insert(users)
    .values({ passwordHash: 'not-a-hash', ...values, account })
    .returning({ id: users.id, account: users.account });
  if (!row) throw new Error('insert returned no user');
  return row;
}
