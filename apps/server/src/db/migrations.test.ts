import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../config.ts';
import { openTestDatabase } from '../test/test-app.ts';
import type { DatabaseHandle } from './client.ts';

let database: DatabaseHandle;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase(readConfig({ LOG_LEVEL: 'silent' })));
});
afterAll(async () => {
  await database.close();
  await drop();
});

describe(`migrations (${readConfig().DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('apply to an empty database and record themselves', async () => {
    await database.migrate();
    const tables = await database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(tables.rows.map((row) => row.table_name)).toEqual(expect.arrayContaining(['app_meta', 'languages']));
    const applied = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(applied.rows[0]?.n).toBeGreaterThan(0);
  });

  it('are idempotent: a second run changes nothing', async () => {
    const before = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    await database.migrate();
    const after = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });

  it('enforce CHECK constraints in the database, not only in code', async () => {
    await expect(
      database.db.execute(
        sql`insert into languages (file_name, language_name, chinese_name, tag, dir, sort_order) values ('xx', 'x', 'x', 'x', 'sideways', 0)`,
      ),
    ).rejects.toThrow();
  });
});
