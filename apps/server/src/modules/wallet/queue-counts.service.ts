import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { recharges, withdrawals } from '../../db/schema/wallet.ts';

/** Recharges and withdrawals waiting for an admin (the console's dashboard). */
export async function countPendingAudits(db: Database): Promise<{ recharges: number; withdrawals: number }> {
  const [[r], [w]] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(recharges).where(eq(recharges.status, 0)),
    db.select({ n: sql<number>`count(*)::int` }).from(withdrawals).where(eq(withdrawals.status, 0)),
  ]);
  return { recharges: r?.n ?? 0, withdrawals: w?.n ?? 0 };
}
