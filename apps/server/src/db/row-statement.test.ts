import { desc, eq, sql } from 'drizzle-orm';
import { PgPreparedQuery } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../config.ts';
import { openTestDatabase } from '../test/test-app.ts';
import type { DatabaseHandle } from './client.ts';
import { rowBuilder, rowStatement } from './row-statement.ts';
import { categories, products, shops } from './schema/index.ts';

// On PostgreSQL (`npm run test:pg`) this runs the statement on the pool directly; on PGlite the
// statement goes through drizzle. Either way its rows must be exactly drizzle's own.
let database: DatabaseHandle;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase(readConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test' })));
  await database.migrate();
  const db = database.db;
  const [category] = await db
    .insert(categories)
    .values({ slug: 'probe', nameI18n: { en: 'Probe' } })
    .returning();
  const [shop] = await db.insert(shops).values({ name: 'Row Shop' }).returning();
  for (const [index, title] of ['Alpha', 'Beta', 'Gamma'].entries()) {
    await db.insert(products).values({
      shopId: shop?.id ?? 0,
      categoryId: category?.id ?? 0,
      title,
      titleI18n: index === 0 ? { jp: 'アルファ' } : {},
      images: index === 2 ? [] : [`/uploads/${index}.webp`],
      price: 1000 * (index + 1),
      stock: index,
    });
  }
});
afterAll(async () => {
  await database.close();
  await drop();
});

describe('rowStatement', () => {
  it('gives the rows drizzle gives: columns, dates as sent, expressions with and without mapWith, nulls', async () => {
    const db = database.db;
    const build = () =>
      db
        .select({
          id: products.id,
          title: sql<string>`coalesce(${products.titleI18n}->>${sql.placeholder('lang')}::text, ${products.title})`,
          image: sql<string | null>`${products.images}->>0`,
          price: products.price,
          createdAt: products.createdAt,
          listed: products.isListed,
          shopName: shops.name,
          stockText: sql`${products.stock}::text`.mapWith(Number),
        })
        .from(products)
        .innerJoin(shops, eq(shops.id, products.shopId))
        .where(eq(products.shopId, sql.placeholder('shop')))
        .orderBy(desc(products.id))
        .limit(sql.placeholder('limit'));
    const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.name, 'Row Shop'));
    const values = { lang: 'jp', shop: shop?.id, limit: 10 };

    const statement = rowStatement(db, 'row_statement_probe', build());
    // The pool path is taken on PostgreSQL (not a silent fallback to drizzle).
    expect(statement instanceof PgPreparedQuery).toBe(database.engine !== 'postgres');
    const fast = await statement.execute(values);
    const viaDrizzle = await build().prepare('row_statement_probe_drizzle').execute(values);

    expect(fast).toHaveLength(3);
    expect(fast).toEqual(viaDrizzle);
    expect(fast.map((row) => [row.title, row.image, row.stockText])).toEqual([
      ['Gamma', null, 2],
      ['Beta', '/uploads/1.webp', 1],
      ['アルファ', '/uploads/0.webp', 0],
    ]);
    expect(typeof fast[0]?.createdAt).toBe(typeof viaDrizzle[0]?.createdAt);
  });
});

describe('rowBuilder', () => {
  const asSent = { mapFromDriverValue: (value: unknown) => value };
  const calls: unknown[] = [];
  const toNumber = {
    mapFromDriverValue: (value: unknown) => {
      calls.push(value);
      return Number(value);
    },
  };

  it('writes any column name as a plain key: quotes, backslashes, line breaks, code', () => {
    const keys = ['a"b', "c'd", 'e\\"f', 'g\nh', '"]: (globalThis.injected = 1), ["', '\u2028', 'id'];
    const toRow = rowBuilder(
      keys,
      keys.map(() => asSent),
    );
    const row = toRow(keys.map((_, index) => index));
    expect(Object.keys(row)).toEqual(keys);
    expect(Object.values(row)).toEqual(keys.map((_, index) => index));
    expect((globalThis as { injected?: unknown }).injected).toBeUndefined();
  });

  it('keeps null as null without calling the decoder, and decodes every other value', () => {
    calls.length = 0;
    const toRow = rowBuilder(['n', 'text'], [toNumber, asSent]);
    expect(toRow([null, null])).toEqual({ n: null, text: null });
    expect(calls).toEqual([]);
    expect(toRow(['42', 'x'])).toEqual({ n: 42, text: 'x' });
    expect(calls).toEqual(['42']);
  });

  it('makes a `__proto__` column an own property, not the prototype', () => {
    const toRow = rowBuilder(['__proto__', 'id'], [asSent, asSent]);
    const row = toRow([{ polluted: true }, 1]);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.hasOwn(row, '__proto__')).toBe(true);
    expect(Object.keys(row)).toEqual(['__proto__', 'id']);
    expect((row as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('gives every row object its keys in column order', () => {
    const toRow = rowBuilder(['b', 'a'], [asSent, asSent]);
    expect(JSON.stringify(toRow([1, null]))).toBe('{"b":1,"a":null}');
    expect(JSON.stringify(toRow([2, 3]))).toBe('{"b":2,"a":3}');
  });
});
