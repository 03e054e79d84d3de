import { popularSearchesSchema, productPageSchema } from '@crossmart/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, searchTermDays } from '../../db/schema/index.ts';
import { platformDay } from '../../shared/platform-day.ts';
import { apiClient } from '../../test/http.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createProduct, createShop } from '../catalog/index.ts';
import { searchDemoSeed } from './demo-seed.ts';
import { listPopularSearches, purgeOldSearchDays } from './search.service.ts';
import { createSearchRecorder } from './search-recorder.ts';
import { normalizeSearchTerm } from './search-terms.ts';

const day = 86_400_000;
const timeZone = 'Asia/Tokyo';

describe('normalizeSearchTerm', () => {
  it('counts a search under one form: NFKC, lower case, single spaces', () => {
    expect(normalizeSearchTerm('  Robot   VACUUM ')).toBe('robot vacuum');
    expect(normalizeSearchTerm('ＵＳＢ－Ｃ　ケーブル')).toBe('usb-c ケーブル');
    expect(normalizeSearchTerm('財布')).toBe('財布');
  });

  it('refuses junk: no letter, too long, links and addresses, keyboard noise, sentences', () => {
    for (const junk of [
      '',
      '   ',
      '12345',
      '!!!',
      'a'.repeat(41),
      'https://example.com',
      'www.example',
      'me@example.org',
      'shop.com',
      'aaaaaa',
      'one two three four five six seven',
    ]) {
      expect(normalizeSearchTerm(junk), junk).toBeNull();
    }
  });

  it('keeps a term of exactly 40 characters, counted in code points', () => {
    const forty = 'ab'.repeat(20);
    expect(normalizeSearchTerm(forty)).toBe(forty);
    expect(normalizeSearchTerm('𠮷野家'.repeat(13))).toBe('𠮷野家'.repeat(13));
  });
});

describe('search counts and popular searches', () => {
  let ctx: TestContext;
  const { read } = apiClient(() => ctx.app);
  const rows = (lang: string) =>
    ctx.database.db
      .select({ term: searchTermDays.term, searches: searchTermDays.searches })
      .from(searchTermDays)
      .where(eq(searchTermDays.lang, lang))
      .orderBy(searchTermDays.term);

  beforeAll(async () => {
    ctx = await createTestApp({
      // Flushed quickly so the test sees the write; lists never reused, so each call runs the route.
      env: { SEARCH_FLUSH_INTERVAL_MS: '50', CATALOG_CACHE_MS: '0' },
      seedParts: [searchDemoSeed],
      seedDemo: true,
    });
    const db = ctx.database.db;
    const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
    const shop = await createShop(db, { name: 'Walnut Works', description: 'Furniture' });
    await createProduct(db, {
      shopId: shop.id,
      categoryId: category?.id ?? 0,
      title: 'Walnut Desk Lamp',
      skus: [{ specs: [], price: 4800, stock: 5 }],
    });
  }, 120_000);
  afterAll(() => ctx.close());

  it('counts a first-page search in relevance order that found something, never a miss', async () => {
    const search = (query: string, ip: string, lang = 'sv') =>
      read(`/api/product/list?${query}`, productPageSchema, { ip, lang });
    expect((await search('keyword=WALNUT', '10.0.0.1')).list).toHaveLength(1);
    await search('keyword=walnut', '10.0.0.2');
    await search('keyword=walnut&page=2', '10.0.0.3'); // the next page is the same search
    await search('keyword=walnut&sort=new', '10.0.0.4'); // a re-sort too
    await search('keyword=walnut&category_id=999', '10.0.0.5'); // nothing found
    await search('keyword=zzqqxxnothing', '10.0.0.6');
    await search('keyword=walnut', '10.0.0.7', 'ms');
    // Written by the flush timer (50 ms here), not by the search.
    await expect.poll(() => rows('sv'), { timeout: 5000 }).toEqual([{ term: 'walnut', searches: 2 }]);
    await expect.poll(() => rows('ms'), { timeout: 5000 }).toEqual([{ term: 'walnut', searches: 1 }]);

    // A later window adds to the same day's row.
    await search('keyword=Walnut', '10.0.0.1');
    await expect.poll(() => rows('sv'), { timeout: 5000 }).toEqual([{ term: 'walnut', searches: 3 }]);
  });

  it('two processes add their counts to the same row', async () => {
    const db = ctx.database.db;
    const at = new Date();
    const first = createSearchRecorder(db, timeZone);
    const second = createSearchRecorder(db, timeZone);
    // One caller repeating a search within a window counts once.
    for (const ip of ['a', 'b', 'c', 'a', 'b']) first.record({ lang: 'fl', keyword: 'Lamp', caller: ip, at });
    second.record({ lang: 'fl', keyword: 'lamp ', caller: 'a', at });
    second.record({ lang: 'fl', keyword: 'http://spam.example', caller: 'a', at });
    expect(first.pending()).toBe(1);
    expect(second.pending()).toBe(1);
    await Promise.all([first.flush(), second.flush()]);
    expect(await rows('fl')).toEqual([{ term: 'lamp', searches: 4 }]);
    expect(await first.flush()).toBe(0);
    // The next window counts the same caller again.
    first.record({ lang: 'fl', keyword: 'lamp', caller: 'a', at });
    expect(await first.flush()).toBe(1);
    expect(await rows('fl')).toEqual([{ term: 'lamp', searches: 5 }]);
  });

  it('lists the most searched terms of the last 7 days, at least 3 searches each, most first', async () => {
    const db = ctx.database.db;
    const now = new Date();
    const dayOf = (daysAgo: number) => platformDay(new Date(now.getTime() - daysAgo * day), timeZone);
    await db.insert(searchTermDays).values([
      { lang: 'hu', day: dayOf(0), term: 'lámpa', searches: 2 },
      { lang: 'hu', day: dayOf(6), term: 'lámpa', searches: 2 }, // 4 within the window
      { lang: 'hu', day: dayOf(1), term: 'sátor', searches: 9 },
      { lang: 'hu', day: dayOf(7), term: 'sátor', searches: 50 }, // outside the window
      { lang: 'hu', day: dayOf(2), term: 'ritka', searches: 2 }, // below the threshold
      { lang: 'hu', day: dayOf(3), term: 'bögre', searches: 4 }, // ties with lámpa: alphabetical
    ]);
    expect(await listPopularSearches(db, 'hu', now, timeZone)).toEqual(['sátor', 'bögre', 'lámpa']);
    expect(await listPopularSearches(db, 'hu', now, timeZone, 2)).toEqual(['sátor', 'bögre']);
  });

  it('answers the demo figures per language, and English where a language has none', async () => {
    const jp = await read('/api/search/popular', popularSearchesSchema, { lang: 'jp' });
    expect(jp.terms[0]).toBe('ワイヤレスイヤホン');
    expect(jp.terms).toHaveLength(8);
    const en = await read('/api/search/popular', popularSearchesSchema, { lang: 'en' });
    expect(en.terms.slice(0, 3)).toEqual(['earbuds', 'laptop', 'tent']);
    expect(await read('/api/search/popular', popularSearchesSchema, { lang: 'ar' })).toEqual(en);
  });

  it('deletes days older than 90 days', async () => {
    const db = ctx.database.db;
    const now = new Date();
    const old = new Date(now.getTime() - 91 * day).toISOString().slice(0, 10);
    await db.insert(searchTermDays).values({ lang: 'sl', day: old, term: 'stara', searches: 5 });
    expect(await purgeOldSearchDays(db, now)).toBeGreaterThanOrEqual(1);
    const left = await db
      .select()
      .from(searchTermDays)
      .where(and(eq(searchTermDays.lang, 'sl'), eq(searchTermDays.term, 'stara')));
    expect(left).toEqual([]);
    expect((await rows('fl')).length).toBe(1);
  });
});

describe('search counts at shutdown', () => {
  it('are written when the app closes, before the database it runs on closes', async () => {
    let written: Array<{ term: string; searches: number }> | undefined;
    const ctx: TestContext = await createTestApp({
      // No flush timer: only the close can write them.
      env: { SEARCH_FLUSH_INTERVAL_MS: '0', CATALOG_CACHE_MS: '0' },
      onClosed: async () => {
        written = await ctx.database.db
          .select({ term: searchTermDays.term, searches: searchTermDays.searches })
          .from(searchTermDays);
      },
    });
    try {
      const db = ctx.database.db;
      const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
      const shop = await createShop(db, { name: 'Teak Works' });
      await createProduct(db, {
        shopId: shop.id,
        categoryId: category?.id ?? 0,
        title: 'Teak Stool',
        skus: [{ specs: [], price: 3000, stock: 5 }],
      });
      const { read } = apiClient(() => ctx.app);
      expect((await read('/api/product/list?keyword=teak', productPageSchema)).list).toHaveLength(1);
      await ctx.app.close();
      expect(written).toEqual([{ term: 'teak', searches: 1 }]);
    } finally {
      await ctx.close().catch(() => {});
    }
  });
});
