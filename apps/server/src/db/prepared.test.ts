import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { executePrepared, maxPreparedNames, nameOf, preparedNameCount } from './prepared.ts';

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
        const { rows } = await executePrepared<{ n: number }>(
          database.db,
          sql`select ${n}::int as n, ${sql.raw(String(n))} as variant`,
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
});
