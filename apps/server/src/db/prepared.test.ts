import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { fixedStatement, maxPreparedNames, nameOf, preparedNameCount, preparedOnce, runFixed } from './prepared.ts';

/** Set under `npm run test:pg`; PGlite otherwise (where the names are ignored, the cap still holds). */
const serverUrl = readConfig().DATABASE_URL;

describe('named prepared statements', () => {
  it('names at most maxPreparedNames texts; past the cap a new text still runs, unnamed', {
    timeout: 120_000,
  }, async () => {
    const database = await openDatabase(serverUrl ? { url: serverUrl, poolSize: 2 } : { memory: true });
    try {
      // Texts that vary with the input, as an `in (…)` list of N values does.
      const variants = maxPreparedNames + 20 - preparedNameCount();
      for (let n = 1; n <= variants; n += 1) {
        const rows = await runFixed<{ n: number }>(
          database.db,
          fixedStatement(sql`select ${sql.placeholder('n')}::int as n, ${sql.raw(String(n))} as variant`),
          { n },
        );
        expect(Number(rows[0]?.n)).toBe(n);
      }
      expect(preparedNameCount()).toBe(maxPreparedNames);
      expect(nameOf('select 1 as a text never seen')).toBeUndefined();
    } finally {
      await database.close();
    }
  });

  it('gives a text the same name every time', () => {
    const text = 'select 2 as repeated';
    const first = nameOf(text);
    expect(nameOf(text)).toBe(first);
  });

  it('runs a statement built once on the handle it is given: inside a transaction, on its connection', async () => {
    const database = await openDatabase(serverUrl ? { url: serverUrl, poolSize: 3 } : { memory: true });
    const probe = sql<string | null>`nullif(current_setting('crossmart.probe', true), '')`;
    const read = (db: typeof database.db) =>
      preparedOnce(db, 'prepared.test.probe', (root) => root.select({ value: probe }).from(sql`(select 1) as one`));
    const fixed = fixedStatement(sql`select ${probe} as value, ${sql.placeholder('n')}::int as n`);
    try {
      // Built first on the root handle (the pool), then reused in two transactions.
      expect(await read(database.db).execute()).toEqual([{ value: null }]);
      for (const marker of ['first', 'second']) {
        const seen = await database.db.transaction(async (tx) => {
          await tx.execute(sql`select set_config('crossmart.probe', ${marker}, true)`);
          const [viaBuilder] = await read(tx).execute();
          const [viaFixed] = await runFixed<{ value: string | null; n: number }>(tx, fixed, { n: 7 });
          return { viaBuilder: viaBuilder?.value, viaFixed: viaFixed?.value, n: Number(viaFixed?.n) };
        });
        expect(seen).toEqual({ viaBuilder: marker, viaFixed: marker, n: 7 });
      }
      // The setting was local to each transaction: the root handle does not see it.
      expect(await read(database.db).execute()).toEqual([{ value: null }]);
    } finally {
      await database.close();
    }
  });
});
