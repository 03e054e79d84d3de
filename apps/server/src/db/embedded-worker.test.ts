import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './client.ts';

describe('embedded engine in a worker thread', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openDatabase({ memory: true, thread: 'worker' });
    await database.db.execute(sql`create table notes (id int primary key, body text not null, at timestamptz)`);
  }, 120_000);
  afterAll(() => database.close());

  it('runs statements with parameters and returns rows as the inline engine does', async () => {
    await database.db.execute(sql`insert into notes values (${1}, ${'first'}, ${'2026-01-02T03:04:05Z'})`);
    const { rows } = await database.db.execute<{ id: number; body: string; at: unknown }>(
      sql`select id, body, at from notes where id = ${1}`,
    );
    expect(rows).toEqual([{ id: 1, body: 'first', at: expect.any(String) }]);
    await expect(database.ping()).resolves.toBeUndefined();
  });

  it('commits a transaction, and rolls one back when its callback throws', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes (id, body) values (${2}, ${'kept'})`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into notes (id, body) values (${3}, ${'dropped'})`);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const { rows } = await database.db.execute<{ id: number }>(sql`select id from notes order by id`);
    expect(rows.map((row) => row.id)).toEqual([1, 2]);
  });

  it('carries the database error code across the thread (services branch on it)', async () => {
    const failure = await database.db.execute(sql`insert into notes (id, body) values (${1}, ${'duplicate'})`).then(
      () => undefined,
      (error: unknown) => error,
    );
    const code =
      (failure as { cause?: { code?: string }; code?: string }).cause?.code ?? (failure as { code?: string }).code;
    expect(code).toBe('23505');
  });

  it('lets one transaction run at a time: a statement outside waits until it ends', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`update notes set body = ${'changed'} where id = ${2}`);
      await held;
    });
    const outside = database.db.execute<{ body: string }>(sql`select body from notes where id = ${2}`);
    release();
    await transaction;
    expect((await outside).rows).toEqual([{ body: 'changed' }]);
  });

  it('fails statements after close instead of hanging', async () => {
    const other = await openDatabase({ memory: true, thread: 'worker' });
    await other.close();
    await expect(other.db.execute(sql`select 1`)).rejects.toThrow();
  }, 120_000);
});
