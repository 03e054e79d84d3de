import os from 'node:os';
import path from 'node:path';
import { homeSchema, popularSearchesSchema, productDetailSchema, productPageSchema } from '@crossmart/contract';
import { count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, shops, users } from '../../db/schema/index.ts';
import { apiClient } from '../../test/http.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { readCounters, recountCatalog } from './counters.service.ts';

// A stable folder: the first run draws the images, later runs find them and skip the work.
const uploadDir = path.join(os.tmpdir(), 'crossmart-test-uploads');
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ seedDemo: true, env: { UPLOAD_DIR: uploadDir } });
}, 120_000);
afterAll(() => ctx.close());

// The demo is seen in Japanese unless a call says otherwise.
const { read } = apiClient(() => ctx.app, { lang: 'jp' });

describe('demo catalogue', () => {
  it('has 12 shops and 200 products over the 10 categories, each with a SKU', async () => {
    const db = ctx.database.db;
    const [shopCount] = await db.select({ n: count() }).from(shops);
    expect(shopCount?.n).toBe(12);
    // Every demo shop has its own merchant, so demo orders can be shipped and settled.
    const owners = await db
      .select({ account: users.account, role: users.role })
      .from(shops)
      .innerJoin(users, eq(users.id, shops.ownerUserId))
      .orderBy(shops.id);
    expect(owners).toHaveLength(12);
    expect(new Set(owners.map((owner) => owner.account)).size).toBe(12);
    expect(owners[0]).toEqual({ account: 'merchant', role: 'merchant' });
    expect(owners.every((owner) => owner.role === 'merchant')).toBe(true);
    const [productCount] = await db.select({ n: count() }).from(products);
    expect(productCount?.n).toBe(200);
    const [withoutSku] = await db
      .select({ n: count() })
      .from(products)
      .where(sql`not exists (select 1 from product_skus k where k.product_id = ${products.id})`);
    expect(withoutSku?.n).toBe(0);
    const home = await read('/api/home', homeSchema);
    expect(home.categories.map((c) => c.product_count)).toEqual(Array(10).fill(20));
    expect((await read('/api/product/list?limit=50&page=4', productPageSchema)).total).toBe(200);
  });

  it('makes a home page that looks like a shop: banners, hot products and shops with pictures', async () => {
    const home = await read('/api/home', homeSchema);
    expect(home.banners).toHaveLength(3);
    expect(home.hot_products).toHaveLength(10);
    expect(home.hot_shops).toHaveLength(6);
    const sold = home.hot_products.map((p) => p.sold);
    expect(sold).toEqual([...sold].sort((a, b) => b - a));
    expect(home.hot_products[0]?.title).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    const english = await read('/api/home', homeSchema, { lang: 'en' });
    expect(english.hot_products[0]?.title).toMatch(/^[\x20-\x7e]+$/);
    for (const url of [home.banners[0]?.image, home.hot_products[0]?.image, home.hot_shops[0]?.logo]) {
      const res = await ctx.app.inject({ url: url ?? '' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe('webp');
    }
  });

  it('gives products specs, stock, sales, reviews and two images', async () => {
    const list = await read('/api/product/list?sort=sales&limit=1', productPageSchema);
    const detail = await read(`/api/product/detail?id=${list.list[0]?.id}`, productDetailSchema);
    expect(detail.images).toHaveLength(2);
    expect(detail.sold).toBeGreaterThan(0);
    expect(detail.skus.length).toBeGreaterThan(0);
    const withSpecs = await read('/api/product/detail?id=1', productDetailSchema);
    expect(withSpecs.specs.length).toBeGreaterThan(0);
    const db = ctx.database.db;
    const [noSpecs] = await db
      .select({ n: count() })
      .from(products)
      .where(sql`not exists (select 1 from product_skus k where k.product_id = ${products.id} and k.specs <> '[]')`);
    expect(noSpecs?.n).toBeGreaterThan(0);
    const [reviewed] = await db.select({ n: count() }).from(products).where(sql`${products.reviewCount} > 0`);
    expect(reviewed?.n).toBeGreaterThan(100);
  });

  it('reuses public list answers for a moment (CATALOG_CACHE_MS, 1 s by default)', async () => {
    const db = ctx.database.db;
    const url = '/api/product/list?sort=price_asc&limit=1';
    const before = await read(url, productPageSchema);
    const cheapest = before.list[0]?.id ?? 0;
    await db
      .update(products)
      .set({ price: sql`${products.price} + 1000000` })
      .where(sql`${products.id} = ${cheapest}`);
    expect(await read(url, productPageSchema)).toEqual(before);
    await new Promise((resolve) => setTimeout(resolve, ctx.config.CATALOG_CACHE_MS + 50));
    expect((await read(url, productPageSchema)).list[0]?.id).not.toBe(cheapest);
    await db
      .update(products)
      .set({ price: sql`${products.price} - 1000000` })
      .where(sql`${products.id} = ${cheapest}`);
  });

  it('leaves the catalogue analysed, so the planner knows its row counts (PGlite has no autovacuum)', async () => {
    const { rows } = await ctx.database.db.execute<{ reltuples: number }>(
      sql`select reltuples from pg_class where relname = 'products'`,
    );
    expect(Number(rows[0]?.reltuples)).toBe(200);
  });

  it('leaves every counter consistent with the facts', async () => {
    const db = ctx.database.db;
    const before = await readCounters(db);
    await recountCatalog(db);
    expect(await readCounters(db)).toEqual(before);
  });
});

describe('demo popular searches', () => {
  it('shows popular searches in Japanese and English, each finding demo products', async () => {
    for (const lang of ['jp', 'en']) {
      const { terms } = await read('/api/search/popular', popularSearchesSchema, { lang });
      expect(terms.length, lang).toBeGreaterThanOrEqual(5);
      for (const term of terms) {
        const found = await read(`/api/product/list?keyword=${encodeURIComponent(term)}`, productPageSchema, { lang });
        expect(found.list.length, `${lang}: ${term}`).toBeGreaterThan(0);
      }
    }
  });
});
