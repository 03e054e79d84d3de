import {
  categoryListSchema,
  homeSchema,
  productDetailSchema,
  productPageSchema,
  reviewPageSchema,
  searchSuggestionsSchema,
  shopDetailSchema,
  shopPageSchema,
} from '@crossmart/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../db/schema/index.ts';
import { apiClient, failure } from '../../test/http.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { readCounters, recountCatalog } from './counters.service.ts';
import { createProduct, createShop, setProductStatus, setShopStatus } from './listings.service.ts';
import { addReview } from './reviews.service.ts';
import { recordSales, recordShopSupport } from './shop-windows.service.ts';
import { releaseStock, reserveStock } from './stock.service.ts';

let ctx: TestContext;
const { get, read } = apiClient(() => ctx.app);
const ids = {
  category: {} as Record<string, number>,
  shop: {} as Record<'tokyo' | 'osaka' | 'closed', number>,
  product: {} as Record<string, number>,
};

const oneSku = (price: number, stock = 10) => [{ specs: [], price, stock }];

beforeAll(async () => {
  // Lists are read right after each change here, so answers are never reused (see the README).
  ctx = await createTestApp({ env: { CATALOG_CACHE_MS: '0' } });
  const db = ctx.database.db;
  for (const row of await db.select({ id: categories.id, slug: categories.slug }).from(categories)) {
    ids.category[row.slug] = row.id;
  }
  const cat = (slug: string) => ids.category[slug] ?? 0;
  ids.shop.tokyo = (await createShop(db, { name: 'Tokyo Gadget Store', description: 'Phones and PCs' })).id;
  ids.shop.osaka = (await createShop(db, { name: 'Osaka Fashion', description: '大阪のファッション専門店' })).id;
  ids.shop.closed = (await createShop(db, { name: 'Closed Corner', status: 0 })).id;

  const add = async (key: string, input: Parameters<typeof createProduct>[1]) => {
    ids.product[key] = (await createProduct(db, input)).id;
  };
  await add('phone', {
    shopId: ids.shop.tokyo,
    categoryId: cat('mobile'),
    title: 'スマートフォン 6.1インチ',
    titleI18n: { jp: 'スマートフォン 6.1インチ', en: '6.1-inch Smartphone' },
    description: '最新のスマホです。',
    skus: [
      {
        specs: [
          { name: 'Storage', value: '128GB' },
          { name: 'Color', value: 'Black' },
        ],
        price: 59_800,
        stock: 5,
      },
      {
        specs: [
          { name: 'Storage', value: '256GB' },
          { name: 'Color', value: 'Black' },
        ],
        price: 68_800,
        stock: 0,
      },
      {
        specs: [
          { name: 'Storage', value: '128GB' },
          { name: 'Color', value: 'White' },
        ],
        price: 59_800,
        stock: 3,
      },
    ],
  });
  await add('earbuds', {
    shopId: ids.shop.tokyo,
    categoryId: cat('mobile'),
    title: 'ワイヤレスイヤホン ノイズキャンセリング',
    titleI18n: { jp: 'ワイヤレスイヤホン ノイズキャンセリング', en: 'Noise-Cancelling Wireless Earbuds' },
    description: '通勤に最適。',
    skus: oneSku(12_800),
  });
  await add('case', {
    shopId: ids.shop.tokyo,
    categoryId: cat('mobile'),
    title: 'スマホケース 手帳型',
    titleI18n: { jp: 'スマホケース 手帳型', en: 'Folio Phone Case' },
    description: 'ワイヤレスイヤホンと一緒にどうぞ。',
    skus: oneSku(1_980),
  });
  await add('wallet', {
    shopId: ids.shop.osaka,
    categoryId: cat('men'),
    title: '本革 長財布',
    titleI18n: { jp: '本革 長財布', en: 'Leather Long Wallet' },
    skus: oneSku(8_800),
  });
  await add('tea', {
    shopId: ids.shop.osaka,
    categoryId: cat('food'),
    title: '西湖龙井 绿茶',
    titleI18n: { 'zh-cn': '西湖龙井 绿茶', en: 'Longjing Green Tea' },
    skus: oneSku(3_200),
  });
  await add('laptop', {
    shopId: ids.shop.tokyo,
    categoryId: cat('computer'),
    title: 'ノートパソコン 14インチ',
    titleI18n: { jp: 'ノートパソコン 14インチ', en: '14-inch Laptop' },
    skus: oneSku(89_800),
  });
  await add('hidden', {
    shopId: ids.shop.closed,
    categoryId: cat('mobile'),
    title: 'Hidden Phone',
    skus: oneSku(100),
  });
  const day = new Date().toISOString().slice(0, 10);
  await recordSales(db, ids.shop.tokyo, [{ productId: ids.product.earbuds ?? 0, quantity: 30, amount: 384_000 }], day);
  await recordSales(db, ids.shop.tokyo, [{ productId: ids.product.phone ?? 0, quantity: 10, amount: 598_000 }], day);
  await recordSales(db, ids.shop.tokyo, [{ productId: ids.product.case ?? 0, quantity: 5, amount: 9_900 }], day);
  await recordSales(db, ids.shop.osaka, [{ productId: ids.product.wallet ?? 0, quantity: 5, amount: 44_000 }], day);
});
afterAll(() => ctx.close());

describe('categories', () => {
  it('lists the 10 categories of docs/spec.md §3 with names in the request language', async () => {
    const en = await read('/api/category/list', categoryListSchema, { lang: 'en' });
    expect(en.map((c) => c.slug)).toEqual([
      'computer',
      'electrical',
      'outdoors',
      'home',
      'health',
      'men',
      'women',
      'food',
      'mobile',
      'toys',
    ]);
    expect(en[0]?.name).toBe('Computers');
    const jp = await read('/api/category/list', categoryListSchema, { lang: 'jp' });
    expect(jp.map((c) => c.name)).toContain('パソコン');
    const zh = await read('/api/category/list', categoryListSchema, { lang: 'zh-cn' });
    expect(zh.map((c) => c.name)).toContain('玩具');
    expect(en.find((c) => c.slug === 'mobile')?.product_count).toBe(3);
  });

  it('stores a name in every one of the 34 languages', async () => {
    const rows = await ctx.database.db.select({ names: categories.nameI18n }).from(categories);
    for (const row of rows) expect(Object.keys(row.names)).toHaveLength(34);
  });

  it('serves the category icons from /uploads', async () => {
    const [first] = await read('/api/category/list', categoryListSchema);
    const res = await ctx.app.inject({ url: first?.icon ?? '' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
  });
});

describe('product list', () => {
  const list = (query: string) => read(`/api/product/list?${query}`, productPageSchema);

  it('filters by category with an exact total from the counter', async () => {
    const page = await list(`category_id=${ids.category.mobile}`);
    expect(page.list.map((p) => p.id).sort()).toEqual(
      [ids.product.phone, ids.product.earbuds, ids.product.case].sort(),
    );
    expect(page.total).toBe(3);
    const all = await list('limit=50');
    expect(all.total).toBe(6);
    expect(all.list).toHaveLength(6);
  });

  it('filters by shop and never shows a closed shop’s products', async () => {
    const page = await list(`shop_id=${ids.shop.tokyo}`);
    expect(page.total).toBe(4);
    const closed = await list(`shop_id=${ids.shop.closed}`);
    expect(closed.list).toEqual([]);
    expect(closed.total).toBe(0);
  });

  it('sorts by sales, price both ways and newest', async () => {
    const bySales = await list(`category_id=${ids.category.mobile}&sort=sales`);
    expect(bySales.list.map((p) => p.sold)).toEqual([30, 10, 5]);
    const asc = await list('sort=price_asc&limit=50');
    const prices = asc.list.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = await list('sort=price_desc&limit=50');
    expect(desc.list.map((p) => p.id)).toEqual([...asc.list.map((p) => p.id)].reverse());
    const newest = await list('sort=new&limit=1');
    expect(newest.list[0]?.id).toBe(ids.product.laptop);
  });

  it('pages with has_more from limit + 1 and keeps the total past the end', async () => {
    const first = await list('sort=price_asc&limit=4&page=1');
    expect(first.list).toHaveLength(4);
    expect(first.has_more).toBe(true);
    const last = await list('sort=price_asc&limit=4&page=2');
    expect(last.list).toHaveLength(2);
    expect(last.has_more).toBe(false);
    expect(new Set([...first.list, ...last.list].map((p) => p.id)).size).toBe(6);
    const exact = await list('sort=price_asc&limit=3&page=2');
    expect(exact.has_more).toBe(false);
    const beyond = await list('limit=4&page=9');
    expect(beyond).toMatchObject({ list: [], has_more: false, total: 6, page: 9 });
  });

  it('refuses a page of 0 and a limit over 50', async () => {
    expect(failure(await get('/api/product/list?page=0')).error).toBe('VALIDATION_FAILED');
    const tooMany = failure(await get('/api/product/list?limit=51'));
    expect(tooMany.fields?.limit).toBe('Must be at most 50.');
    expect(failure(await get('/api/product/list?sort=cheap')).error).toBe('VALIDATION_FAILED');
  });

  it('localizes titles: the language, else English, else the original', async () => {
    const url = `/api/product/list?category_id=${ids.category.food}`;
    expect((await read(url, productPageSchema, { lang: 'zh-cn' })).list[0]?.title).toBe('西湖龙井 绿茶');
    expect((await read(url, productPageSchema, { lang: 'jp' })).list[0]?.title).toBe('Longjing Green Tea');
    const phones = await read(`/api/product/list?category_id=${ids.category.mobile}&sort=sales`, productPageSchema, {
      lang: 'jp',
    });
    expect(phones.list[0]?.title).toBe('ワイヤレスイヤホン ノイズキャンセリング');
  });
});

describe('keyword search', () => {
  const search = async (keyword: string, extra = '') =>
    read(`/api/product/list?keyword=${encodeURIComponent(keyword)}${extra}`, productPageSchema);

  it('finds Japanese words inside unspaced titles, two-character words included', async () => {
    expect((await search('財布')).list.map((p) => p.id)).toEqual([ids.product.wallet]);
    expect((await search('イヤホン')).list[0]?.id).toBe(ids.product.earbuds);
    expect((await search('ノイズ')).list.map((p) => p.id)).toEqual([ids.product.earbuds]);
  });

  it('finds Chinese titles and English words by prefix, any case and width', async () => {
    expect((await search('龙井')).list.map((p) => p.id)).toEqual([ids.product.tea]);
    expect((await search('EARB')).list.map((p) => p.id)).toEqual([ids.product.earbuds]);
    expect((await search('ｌａｐｔｏｐ')).list.map((p) => p.id)).toEqual([ids.product.laptop]);
  });

  it('ranks a title match above a description-only match', async () => {
    const page = await search('ワイヤレスイヤホン');
    expect(page.list.map((p) => p.id)).toEqual([ids.product.earbuds, ids.product.case]);
  });

  it('requires every word, combines with filters and sorts, and gives no total', async () => {
    expect((await search('wireless case')).list).toEqual([]);
    const sorted = await search('スマ', `&sort=price_desc&category_id=${ids.category.mobile}`);
    expect(sorted.list.map((p) => p.id)).toEqual([ids.product.phone, ids.product.case]);
    expect(sorted.total).toBeUndefined();
    expect((await search('nothing-like-this')).list).toEqual([]);
    expect((await search('!!!')).list).toEqual([]);
    expect((await search('Hidden')).list).toEqual([]);
  });

  it('pages a keyword with a sort the same from the head of the order as from the whole catalog', async () => {
    // limit 1: the head of the order holds page 1 (and one more match); page 2 needs the whole catalog.
    const filter = `&sort=price_desc&category_id=${ids.category.mobile}&limit=1`;
    const first = await search('スマ', filter);
    expect(first.list.map((p) => p.id)).toEqual([ids.product.phone]);
    expect(first.has_more).toBe(true);
    const second = await search('スマ', `${filter}&page=2`);
    expect(second.list.map((p) => p.id)).toEqual([ids.product.case]);
    expect(second.has_more).toBe(false);
    const cheapest = await search('スマ', `&sort=price_asc&category_id=${ids.category.mobile}&limit=1`);
    expect(cheapest.list.map((p) => p.id)).toEqual([ids.product.case]);
    expect(cheapest.has_more).toBe(true);
  });

  it('searches shops by name and description', async () => {
    const byName = await read('/api/shop/search?keyword=gadget', shopPageSchema);
    expect(byName.list.map((s) => s.id)).toEqual([ids.shop.tokyo]);
    const byDescription = await read(`/api/shop/search?keyword=${encodeURIComponent('ファッション')}`, shopPageSchema);
    expect(byDescription.list.map((s) => s.id)).toEqual([ids.shop.osaka]);
    expect((await read('/api/shop/search?keyword=closed', shopPageSchema)).list).toEqual([]);
  });

  it('suggests products (in the request language) and shops while typing', async () => {
    const typed = await read(`/api/search/suggest?keyword=${encodeURIComponent('スマ')}`, searchSuggestionsSchema, {
      lang: 'en',
    });
    expect(typed.products.map((p) => p.id).sort()).toEqual([ids.product.phone, ids.product.case].sort());
    expect(typed.products.find((p) => p.id === ids.product.phone)).toEqual({
      id: ids.product.phone,
      shop_id: ids.shop.tokyo,
      title: '6.1-inch Smartphone',
    });
    const shops = await read('/api/search/suggest?keyword=gadget', searchSuggestionsSchema);
    expect(shops.shops).toEqual([{ id: ids.shop.tokyo, name: 'Tokyo Gadget Store', logo: expect.any(String) }]);
    // Closed shops and unlisted products are never offered.
    expect(await read('/api/search/suggest?keyword=closed', searchSuggestionsSchema)).toEqual({
      products: [],
      shops: [],
    });
    expect((await read('/api/search/suggest?keyword=Hidden', searchSuggestionsSchema)).products).toEqual([]);
    expect(failure(await get('/api/search/suggest?keyword=')).error).toBe('VALIDATION_FAILED');
  });
});

describe('product detail and reviews', () => {
  it('returns SKUs, the spec picker, the shop card and flags', async () => {
    const detail = await read(`/api/product/detail?id=${ids.product.phone}`, productDetailSchema);
    expect(detail.price).toBe(59_800);
    expect(detail.stock).toBe(8);
    expect(detail.specs).toEqual([
      { name: 'Storage', values: ['128GB', '256GB'] },
      { name: 'Color', values: ['Black', 'White'] },
    ]);
    expect(detail.skus).toHaveLength(3);
    expect(detail.shop).toMatchObject({ id: ids.shop.tokyo, name: 'Tokyo Gadget Store', is_followed: false });
    expect(detail.is_favourite).toBe(false);
    expect(detail.favourable_rate).toBeNull();
  });

  it('shows the "no specs" state as one SKU without spec pairs', async () => {
    const detail = await read(`/api/product/detail?id=${ids.product.wallet}`, productDetailSchema);
    expect(detail.specs).toEqual([]);
    expect(detail.skus).toEqual([expect.objectContaining({ specs: [], price: 8_800 })]);
  });

  it('answers PRODUCT_NOT_FOUND for unknown and unlisted products', async () => {
    expect(failure(await get('/api/product/detail?id=999999'))).toMatchObject({ code: 0, error: 'PRODUCT_NOT_FOUND' });
    expect(failure(await get(`/api/product/detail?id=${ids.product.hidden}`)).error).toBe('PRODUCT_NOT_FOUND');
  });

  it('keeps review counters and the favourable rate exact, and lists reviews newest first', async () => {
    const db = ctx.database.db;
    const productId = ids.product.laptop ?? 0;
    for (const [index, score] of [5, 4, 2, 5].entries()) {
      await addReview(db, {
        productId,
        orderItemId: 100 + index,
        userId: 7,
        reviewerName: 'd***o',
        productScore: score,
        serviceScore: 5,
        postageScore: 5,
        content: `review ${index}`,
      });
    }
    const detail = await read(`/api/product/detail?id=${productId}`, productDetailSchema);
    expect(detail.review_count).toBe(4);
    expect(detail.favourable_rate).toBe(0.75);
    expect(detail.reviews_preview.map((r) => r.content)).toEqual(['review 3', 'review 2', 'review 1']);
    const page = await read(`/api/product/reviews?product_id=${productId}&limit=3&page=2`, reviewPageSchema);
    expect(page).toMatchObject({ total: 4, has_more: false });
    expect(page.list.map((r) => r.content)).toEqual(['review 0']);
    const shop = await read(`/api/shop/detail?id=${ids.shop.tokyo}`, shopDetailSchema);
    expect(shop).toMatchObject({ review_count: 4, favourable_rate: 0.75, sales: 45, total_sales: 991_900 });
    const duplicate = addReview(db, {
      productId,
      orderItemId: 100,
      productScore: 5,
      serviceScore: 5,
      postageScore: 5,
      content: 'again',
    });
    await expect(duplicate).rejects.toThrow();
  });
});

describe('listing status', () => {
  it('takes an off-shelf product out of lists and counters, and puts it back', async () => {
    const db = ctx.database.db;
    const productId = ids.product.case ?? 0;
    await setProductStatus(db, productId, 0);
    const mobile = await read(`/api/product/list?category_id=${ids.category.mobile}`, productPageSchema);
    expect(mobile.total).toBe(2);
    expect(mobile.list.map((p) => p.id)).not.toContain(productId);
    expect(failure(await get(`/api/product/detail?id=${productId}`)).error).toBe('PRODUCT_NOT_FOUND');
    await setProductStatus(db, productId, 1);
    expect((await read(`/api/product/list?category_id=${ids.category.mobile}`, productPageSchema)).total).toBe(3);
  });

  it('closing a shop hides all its products; reopening restores them', async () => {
    const db = ctx.database.db;
    await setShopStatus(db, ids.shop.osaka, 0);
    expect((await read('/api/product/list?limit=50', productPageSchema)).total).toBe(4);
    expect(failure(await get(`/api/shop/detail?id=${ids.shop.osaka}`)).error).toBe('SHOP_NOT_FOUND');
    await setShopStatus(db, ids.shop.osaka, 1);
    expect((await read('/api/product/list?limit=50', productPageSchema)).total).toBe(6);
    await setShopStatus(db, ids.shop.closed, 1);
    expect((await read(`/api/product/list?shop_id=${ids.shop.closed}`, productPageSchema)).total).toBe(1);
    await setShopStatus(db, ids.shop.closed, 0);
  });

  it('kept every counter equal to a recount from the facts', async () => {
    const db = ctx.database.db;
    const before = await readCounters(db);
    await recountCatalog(db);
    expect(await readCounters(db)).toEqual(before);
  });
});

describe('stock', () => {
  it('reserves and releases SKU stock with the product total, never below zero', async () => {
    const db = ctx.database.db;
    const detail = await read(`/api/product/detail?id=${ids.product.phone}`, productDetailSchema);
    const sku = detail.skus[0];
    if (!sku) throw new Error('no sku');
    await reserveStock(db, sku.id, 5);
    await expect(reserveStock(db, sku.id, 1)).rejects.toMatchObject({ key: 'INSUFFICIENT_STOCK' });
    await expect(reserveStock(db, 999_999, 1)).rejects.toMatchObject({ key: 'SKU_NOT_FOUND' });
    let after = await read(`/api/product/detail?id=${ids.product.phone}`, productDetailSchema);
    expect(after.stock).toBe(3);
    expect(after.skus[0]?.stock).toBe(0);
    await releaseStock(db, sku.id, 5);
    after = await read(`/api/product/detail?id=${ids.product.phone}`, productDetailSchema);
    expect(after.stock).toBe(8);
  });
});

describe('visibility (docs/product-rules.md, mutual aid)', () => {
  it('ranks the shop with more support days higher when all else is equal', async () => {
    const db = ctx.database.db;
    const twinA = (await createShop(db, { name: 'Twin A' })).id;
    const twinB = (await createShop(db, { name: 'Twin B' })).id;
    const category = ids.category.toys ?? 0;
    const a = (await createProduct(db, { shopId: twinA, categoryId: category, title: 'Twin toy A', skus: oneSku(500) }))
      .id;
    const b = (await createProduct(db, { shopId: twinB, categoryId: category, title: 'Twin toy B', skus: oneSku(500) }))
      .id;
    const today = new Date();
    const day = (ago: number) => new Date(today.getTime() - ago * 86_400_000).toISOString().slice(0, 10);
    // Twin A: sales and a review identical to B's; support on 3 days (B: 1 day), one of them twice.
    for (const [shopId, productId] of [
      [twinA, a],
      [twinB, b],
    ] as const) {
      await recordSales(db, shopId, [{ productId, quantity: 2, amount: 1000 }], day(0));
      await addReview(db, { productId, productScore: 5, serviceScore: 5, postageScore: 5, content: 'ok' });
    }
    await recordShopSupport(db, twinA, day(0));
    await recordShopSupport(db, twinA, day(0));
    await recordShopSupport(db, twinA, day(3), day(0));
    await recordShopSupport(db, twinA, day(10), day(0));
    await recordShopSupport(db, twinB, day(1), day(0));
    // Outside the 30-day window: does not count.
    await recordShopSupport(db, twinB, day(45), day(0));
    await recordShopSupport(db, twinB, day(60), day(0));

    const hot = await read('/api/shop/hot?limit=50', shopPageSchema);
    const order = hot.list.map((s) => s.id);
    expect(order.indexOf(twinA)).toBeLessThan(order.indexOf(twinB));

    const toys = await read('/api/product/hot?limit=50', productPageSchema);
    const productOrder = toys.list.map((p) => p.id);
    expect(productOrder.indexOf(a)).toBeLessThan(productOrder.indexOf(b));
    expect(productOrder.indexOf(a)).toBe(productOrder.indexOf(b) - 1);

    // One more support day for B than A has: B now ranks first.
    for (const ago of [2, 4, 5]) await recordShopSupport(db, twinB, day(ago), day(0));
    const after = (await read('/api/shop/hot?limit=50', shopPageSchema)).list.map((s) => s.id);
    expect(after.indexOf(twinB)).toBeLessThan(after.indexOf(twinA));
  });

  it('orders hot shops by sales, favourable rate and support as the formula says', async () => {
    const hot = await read('/api/shop/hot?limit=50', shopPageSchema);
    expect(hot.list.map((s) => s.id)).not.toContain(ids.shop.closed);
    // Tokyo sold 45 units in 30 days with a 75 % rate; Osaka 5 with no reviews.
    const order = hot.list.map((s) => s.id);
    expect(order.indexOf(ids.shop.tokyo)).toBeLessThan(order.indexOf(ids.shop.osaka));
  });
});

describe('home', () => {
  it('answers banners, categories, hot products and hot shops in one call', async () => {
    const home = await read('/api/home', homeSchema, { lang: 'jp' });
    expect(home.categories).toHaveLength(10);
    expect(home.categories[0]?.name).toBe('パソコン');
    expect(home.hot_products.length).toBeGreaterThan(0);
    expect(home.hot_products.length).toBeLessThanOrEqual(10);
    expect(home.hot_products[0]?.sold).toBe(30);
    expect(home.hot_shops.length).toBeLessThanOrEqual(6);
    expect(home.banners).toEqual([]);
  });

  it('answers shop detail with counters', async () => {
    const shop = await read(`/api/shop/detail?id=${ids.shop.tokyo}`, shopDetailSchema);
    expect(shop).toMatchObject({ name: 'Tokyo Gadget Store', product_count: 4, fans: 0, is_followed: false });
    expect(failure(await get('/api/shop/detail?id=424242')).error).toBe('SHOP_NOT_FOUND');
    expect(failure(await get('/api/shop/detail?id=abc')).error).toBe('VALIDATION_FAILED');
  });
});

describe('OpenAPI', () => {
  it('documents the catalog calls from the same schemas', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    for (const path of ['/api/home', '/api/product/list', '/api/product/detail', '/api/shop/search']) {
      expect(paths).toContain(path);
    }
  });
});

describe('categories table', () => {
  it('is reference data: a second sync changes nothing and keeps counters', async () => {
    const { syncCategories } = await import('./categories.service.ts');
    const before = await ctx.database.db.select().from(categories).where(eq(categories.slug, 'mobile'));
    await syncCategories(ctx.database.db, ctx.config.UPLOAD_DIR);
    const after = await ctx.database.db.select().from(categories).where(eq(categories.slug, 'mobile'));
    expect(after).toEqual(before);
  });
});
