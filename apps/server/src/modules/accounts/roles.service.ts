import type { UserRole } from '@crossmart/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { sessionsChanged } from './sessions.service.ts';

/** The account's role and login name (merchant applications read and change it inside their transaction). */
export async function findUserRole(
  db: Database,
  userId: number,
): Promise<{ role: UserRole; account: string } | undefined> {
  const [row] = await db.select({ role: users.role, account: users.account }).from(users).where(eq(users.id, userId));
  return row && { role: row.role as UserRole, account: row.account };
}

export async function setUserRole(db: Database, userId: number, role: UserRole): Promise<void> {
  await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
  // The cached session answers the role: it must change at once (merchant guards).
  sessionsChanged(userId);
}

/** Login names of the given users (admin lists). */
export async function accountNamesOf(db: Database, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select({ id: users.id, account: users.account }).from(users).where(inArray(users.id, userIds));
  return new Map(rows.map((row) => [row.id, row.account]));
}
