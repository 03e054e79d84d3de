/**
 * Lining requests up behind a row (part A): a third transaction holds what the requests need, each
 * request is seen waiting for a lock in `pg_stat_activity` before the next one starts, then the
 * hold is let go. The interleaving a race needs then happens on every run, not once in a while.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** Sessions of this database waiting for a lock (row, transaction or relation). */
export async function lockWaiters(db: Database): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

interface Started {
  settled: boolean;
}

/** Until `count` sessions of this database wait for a lock (10 s at most). */
export async function untilLockWaiters(db: Database, count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await lockWaiters(db)) < count) {
    if (Date.now() > deadline) throw new Error(`fewer than ${count} requests wait for a lock`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Until every started request that has not answered yet waits for a lock (10 s at most). */
async function untilAllWait(db: Database, started: readonly Started[]): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const pending = started.filter((request) => !request.settled).length;
    if (pending === 0 || (await lockWaiters(db)) >= pending) return;
    if (Date.now() > deadline) throw new Error(`fewer than ${pending} requests wait for a lock`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Runs `requests` one after another behind `hold` (a statement that locks what they need): each
 * starts once every earlier one waits for a lock or has answered (a fixed request may no longer
 * wait at all), then the holding transaction commits and the answers come back in order.
 */
export async function linedUpBehind<T extends readonly unknown[]>(
  db: Database,
  hold: SQL,
  requests: readonly [...{ [K in keyof T]: () => Promise<T[K]> }],
): Promise<T> {
  const started: Started[] = [];
  const answers: Promise<unknown>[] = [];
  await db.transaction(async (tx) => {
    await tx.execute(hold);
    for (const request of requests) {
      const answer = request();
      const entry: Started = { settled: false };
      answer.then(
        () => {
          entry.settled = true;
        },
        () => {
          entry.settled = true;
        },
      );
      started.push(entry);
      answers.push(answer);
      await untilAllWait(db, started);
    }
  });
  // The answers in the requests' order, each of its own request's type.
  return (await Promise.all(answers)) as unknown as T;
}
