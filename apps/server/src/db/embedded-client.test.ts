import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedClient, drizzleParsers, type EmbeddedClient } from './embedded-client.ts';

describe('embedded client (PGlite statements prepared by name)', () => {
  let pglite: PGlite;
  let client: EmbeddedClient;

  beforeAll(async () => {
    pglite = new PGlite({ parsers: drizzleParsers });
    await pglite.waitReady;
    client = createEmbeddedClient(pglite);
    await client.query('create table items (id int primary key, name text not null, seen timestamptz)');
  }, 60_000);
  afterAll(() => pglite.close());

  it('answers repeated statements with their own parameters, in both row modes', async () => {
    await client.query('insert into items (id, name, seen) values ($1, $2, $3)', [1, 'one', '2026-01-02T03:04:05Z']);
    await client.query('insert into items (id, name, seen) values ($1, $2, $3)', [2, 'two', null]);
    const byId = (id: number) =>
      client.query<{ id: number; name: string }>('select id, name from items where id = $1', [id]);
    expect((await byId(1)).rows).toEqual([{ id: 1, name: 'one' }]);
    expect((await byId(2)).rows).toEqual([{ id: 2, name: 'two' }]);
    const asArrays = await client.query('select id, name from items where id = $1', [2], { rowMode: 'array' });
    expect(asArrays.rows).toEqual([[2, 'two']]);
  });

  it('keeps timestamps as text, as Drizzle asks', async () => {
    const { rows } = await client.query<{ seen: unknown }>('select seen from items where id = $1', [1]);
    expect(typeof rows[0]?.seen).toBe('string');
  });

  it('reports a database error with its code, and the connection keeps working', async () => {
    await expect(client.query('insert into items (id, name) values ($1, $2)', [1, 'again'])).rejects.toMatchObject({
      code: '23505',
    });
    expect((await client.query('select count(*)::int as n from items where id = $1', [1])).rows).toEqual([{ n: 1 }]);
  });

  it('rolls a transaction back on error, and a statement outside waits for it to end', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = client.transaction(async (tx) => {
      await tx.query('insert into items (id, name) values ($1, $2)', [3, 'three']);
      await held;
      throw new Error('abort');
    });
    // Started while the transaction is open: it must not see (or join) the uncommitted row.
    const outside = client.query<{ n: number }>('select count(*)::int as n from items where id = $1', [3]);
    release();
    await expect(transaction).rejects.toThrow('abort');
    expect((await outside).rows).toEqual([{ n: 0 }]);
  });

  it('prepares again when DDL changed what a prepared statement returns', async () => {
    await client.query('create table shapes (id int, label text)');
    await client.query('insert into shapes values ($1, $2)', [1, 'a']);
    const select = 'select * from shapes where id = $1';
    expect((await client.query(select, [1])).rows).toEqual([{ id: 1, label: 'a' }]);
    await client.query('alter table shapes add column extra int default 7');
    expect((await client.query(select, [1])).rows).toEqual([{ id: 1, label: 'a', extra: 7 }]);
  });

  it('closes the least recently used statements past its bound and still answers them', async () => {
    for (let i = 0; i < 520; i += 1) {
      const { rows } = await client.query<{ n: number }>(`select $1::int + ${i} as n`, [1]);
      expect(rows[0]?.n).toBe(1 + i);
    }
    const prepared = await client.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements');
    expect(prepared.rows[0]?.n).toBeLessThanOrEqual(500);
    expect((await client.query<{ n: number }>('select $1::int + 0 as n', [5])).rows).toEqual([{ n: 5 }]);
  });
});
