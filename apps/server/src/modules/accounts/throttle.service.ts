import { eq, lt, sql } from 'drizzle-orm';
import { deleteInBatches, purgeBatchSize } from '../../db/batch-delete.ts';
import type { Database } from '../../db/client.ts';
import { authThrottles } from '../../db/schema/accounts.ts';

export interface ThrottleHit {
  /** This hit's number in the current window (1 for the first). */
  hits: number;
  /** Seconds until the window ends. */
  retrySeconds: number;
}

function windowInterval(windowMs: number) {
  return sql.raw(`interval '${Math.max(1, Math.ceil(windowMs / 1000))} seconds'`);
}

/**
 * Counts one hit on `key`, atomically, before the work it guards: N concurrent hits get N distinct
 * numbers, so a check "hits > max" lets at most `max` through per window, on any instance.
 */
export async function hitThrottle(db: Database, key: string, windowMs: number): Promise<ThrottleHit> {
  const interval = windowInterval(windowMs);
  const ended = sql`${authThrottles.windowEndsAt} <= now()`;
  const [row] = await db
    .insert(authThrottles)
    .values({ key, hits: 1, windowEndsAt: sql`now() + ${interval}` })
    .onConflictDoUpdate({
      target: authThrottles.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${authThrottles.hits} + 1 end`,
        windowEndsAt: sql`case when ${ended} then now() + ${interval} else ${authThrottles.windowEndsAt} end`,
      },
    })
    .returning({
      hits: authThrottles.hits,
      retrySeconds: sql<number>`greatest(1, ceil(extract(epoch from (${authThrottles.windowEndsAt} - now()))))::int`,
    });
  if (!row) throw new Error(`throttle ${key} returned no row`);
  return { hits: row.hits, retrySeconds: Number(row.retrySeconds) };
}

/** Gives a hit back (a login that succeeded counts as no failure). */
export async function releaseThrottle(db: Database, key: string): Promise<void> {
  await db
    .update(authThrottles)
    .set({ hits: sql`greatest(${authThrottles.hits} - 1, 0)` })
    .where(eq(authThrottles.key, key));
}

export async function clearThrottle(db: Database, key: string): Promise<void> {
  await db.delete(authThrottles).where(eq(authThrottles.key, key));
}

/** Deletes counters whose window ended before `now` (housekeeping); returns how many. */
export function purgeThrottles(db: Database, now: Date, batchSize: number = purgeBatchSize): Promise<number> {
  return deleteInBatches(db, authThrottles, authThrottles.key, lt(authThrottles.windowEndsAt, now), batchSize);
}
