import { inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

/** Rows one purge statement deletes at most (housekeeping; tests pass a smaller one). */
export const purgeBatchSize = 1000;

/**
 * Deletes the rows matching `where`, `batchSize` at a time, until a batch comes back short, and
 * returns how many went. Each batch is its own statement (pass the root handle, not a
 * transaction), so no statement holds many row locks or runs long. Rows another transaction has
 * locked are skipped rather than waited for: a purge never stalls a request, and several
 * instances purging at once do not queue behind each other. What is skipped goes next run.
 */
export async function deleteInBatches(
  db: Database,
  table: PgTable,
  id: PgColumn,
  where: SQL | undefined,
  batchSize: number = purgeBatchSize,
): Promise<number> {
  // `and()`/`or()` give undefined for no conditions: that must never mean "every row".
  if (!where) throw new Error('deleteInBatches needs a condition');
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error('batch size must be a positive integer');
  let deleted = 0;
  for (;;) {
    const batch = db.select({ id }).from(table).where(where).limit(batchSize).for('update', { skipLocked: true });
    const rows = await db.delete(table).where(inArray(id, batch)).returning({ id });
    deleted += rows.length;
    if (rows.length < batchSize) return deleted;
  }
}
