/**
 * Part A, a real deadlock (ADR 0025): two requests each take one advisory lock, meet, then ask
 * for the other's. PostgreSQL ends one of them with 40P01 after its `deadlock_timeout` and rolls
 * it back whole; the transaction runs again and both requests succeed, nothing done twice. With no
 * retries left, the loser answers 503 with Retry-After instead of 500. The other part A files run
 * with no retries, so that every lock-order cycle they line up still shows as a failure.
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { TransactionConflict } from '../../db/conflict-retry.ts';
import { createTestApp, type TestContext } from '../test-app.ts';
import { recordFigures } from './figures.ts';

const metricsToken = 'conflict-retry-metrics-token-0123456789';
const lockKeys = { ab: [7_250_001, 7_250_002], ba: [7_250_002, 7_250_001] } as const;

/** An app whose test route runs the deadlock's two halves; `runs` counts every run of the transaction. */
async function deadlockApp(retries: number) {
  const conflicts: TransactionConflict[] = [];
  let runs = 0;
  // The first two runs wait for each other while each holds its first lock; a run after that is a retry.
  let arrived = 0;
  let release: () => void = () => {};
  const together = new Promise<void>((resolve) => {
    release = resolve;
  });
  const ctx: TestContext = await createTestApp({
    env: { DATABASE_CONFLICT_RETRIES: String(retries), METRICS_TOKEN: metricsToken },
    routes: (app, { database }) => {
      app.post<{ Params: { order: keyof typeof lockKeys } }>('/api/test/deadlock/:order', async (request) => {
        const [first, second] = lockKeys[request.params.order];
        await database.db.transaction(async (tx) => {
          runs += 1;
          await tx.execute(sql`insert into conflict_probe (half) values (${request.params.order})`);
          await tx.execute(sql`select pg_advisory_xact_lock(${first})`);
          arrived += 1;
          if (arrived === 2) release();
          if (arrived <= 2) await together;
          await tx.execute(sql`select pg_advisory_xact_lock(${second})`);
        });
        return { code: 1, msg: 'ok', data: null };
      });
    },
  });
  if (ctx.database.engine !== 'postgres') throw new Error('a deadlock needs PostgreSQL (DATABASE_URL)');
  ctx.database.onTransactionConflict?.((conflict) => conflicts.push(conflict));
  await ctx.database.db.execute(sql`create table conflict_probe (half text not null)`);
  const both = () =>
    Promise.all(
      (['ab', 'ba'] as const).map((order) => ctx.app.inject({ method: 'POST', url: `/api/test/deadlock/${order}` })),
    );
  const probeRows = async () =>
    (await ctx.database.db.execute<{ half: string }>(sql`select half from conflict_probe order by half`)).rows.map(
      (row) => row.half,
    );
  const metric = async () =>
    (await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${metricsToken}` } })).body
      .split('\n')
      .filter((line) => line.startsWith('db_transaction_conflicts_total{'));
  return { ctx, conflicts, runs: () => runs, both, probeRows, metric };
}

let open: TestContext | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

describe('a transaction that loses a deadlock', () => {
  it('runs again: both requests succeed and each one’s insert is there once', async () => {
    const app = await deadlockApp(2);
    open = app.ctx;
    const answers = await app.both();
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(app.conflicts.map(({ kind, attempt, gaveUp }) => ({ kind, attempt, gaveUp }))).toEqual([
      { kind: 'deadlock', attempt: 1, gaveUp: false },
    ]);
    expect(app.runs()).toBe(3);
    expect(await app.metric()).toEqual(['db_transaction_conflicts_total{kind="deadlock",outcome="retried"} 1']);
    expect(await app.probeRows()).toEqual(['ab', 'ba']);
    recordFigures({ part: 'A', scenario: 'deadlock, run again', operations: 2, faults: 1, inputs: 0, failures: 0 });
  });

  it('with no runs left, answers 503 with Retry-After and leaves nothing of the loser', async () => {
    const app = await deadlockApp(0);
    open = app.ctx;
    const answers = await app.both();
    const lost = answers.filter((answer) => answer.statusCode !== 200);
    expect(lost).toHaveLength(1);
    expect(lost[0]?.statusCode).toBe(503);
    expect(lost[0]?.headers['retry-after']).toBe('1');
    expect(lost[0]?.json()).toMatchObject({ code: 0, error: 'SERVICE_UNAVAILABLE' });
    expect(app.conflicts.map(({ kind, gaveUp }) => ({ kind, gaveUp }))).toEqual([{ kind: 'deadlock', gaveUp: true }]);
    expect(await app.probeRows()).toHaveLength(1);
    expect(await app.metric()).toEqual(['db_transaction_conflicts_total{kind="deadlock",outcome="failed"} 1']);
    recordFigures({ part: 'A', scenario: 'deadlock, no retry left', operations: 2, faults: 1, inputs: 0, failures: 0 });
  });
});
