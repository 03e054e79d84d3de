import {
  failureEnvelopeSchema,
  favouriteListSchema,
  favouriteResultSchema,
  followListSchema,
  followResultSchema,
  productDetailSchema,
  shopDetailSchema,
  successEnvelope,
} from '@crossmart/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { categories, productFavourites, products, shopFollows, shops } from '../../db/schema/index.ts';
import { registerBuyer } from '../../test/fixtures.ts';
import { apiClient } from '../../test/http.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import {
  addFavourite,
  followShop,
  listFavouriteProducts,
  listFollowedShops,
  removeFavourite,
  unfollowShop,
} from './follow.service.ts';
import { createProduct, createShop, setProductStatus, setShopStatus } from './listings.service.ts';

let ctx: TestContext;
let shopId: number;
let otherShopId: number;
let productId: number;
let viewer: { id: number; token: string };

beforeAll(async () => {
  ctx = await createTestApp({
    env: { CATALOG_CACHE_MS: '0' },
  });
  viewer = await registerBuyer(ctx.app);
  const db = ctx.database.db;
  const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
  shopId = (await createShop(db, { name: 'Follow Me' })).id;
  otherShopId = (await createShop(db, { name: 'Other' })).id;
  productId = (
    await createProduct(db, {
      shopId,
      categoryId: category?.id ?? 0,
      title: 'Favourite thing',
      skus: [{ specs: [], price: 100, stock: 1 }],
    })
  ).id;
});
afterAll(() => ctx.close());

async function fansInDatabase(id: number) {
  const db = ctx.database.db;
  const [shop] = await db.select({ fans: shops.fans }).from(shops).where(eq(shops.id, id));
  const [rows] = await db.select({ n: count() }).from(shopFollows).where(eq(shopFollows.shopId, id));
  return { counter: shop?.fans, rows: rows?.n };
}

async function favouritesInDatabase(id: number) {
  const db = ctx.database.db;
  const [product] = await db.select({ count: products.favouriteCount }).from(products).where(eq(products.id, id));
  const [rows] = await db.select({ n: count() }).from(productFavourites).where(eq(productFavourites.productId, id));
  return { counter: product?.count, rows: rows?.n };
}

describe('follow services', () => {
  it('follows idempotently and keeps fans equal to the follow rows', async () => {
    const db = ctx.database.db;
    expect(await followShop(db, 1, shopId)).toEqual({ shop_id: shopId, is_followed: true, fans: 1 });
    expect(await followShop(db, 1, shopId)).toEqual({ shop_id: shopId, is_followed: true, fans: 1 });
    expect(await followShop(db, 2, shopId)).toMatchObject({ fans: 2 });
    expect(await unfollowShop(db, 1, shopId)).toEqual({ shop_id: shopId, is_followed: false, fans: 1 });
    expect(await unfollowShop(db, 1, shopId)).toEqual({ shop_id: shopId, is_followed: false, fans: 1 });
    expect(await fansInDatabase(shopId)).toEqual({ counter: 1, rows: 1 });
  });

  it('refuses to follow a missing or closed shop, but lets a follower of a closed shop unfollow', async () => {
    const db = ctx.database.db;
    await expect(followShop(db, 3, 987_654)).rejects.toMatchObject({ key: 'SHOP_NOT_FOUND' });
    await expect(unfollowShop(db, 3, 987_654)).rejects.toMatchObject({ key: 'SHOP_NOT_FOUND' });
    await followShop(db, 3, otherShopId);
    await setShopStatus(db, otherShopId, 0);
    await expect(followShop(db, 4, otherShopId)).rejects.toMatchObject({ key: 'SHOP_NOT_FOUND' });
    expect(await followShop(db, 3, otherShopId)).toMatchObject({ is_followed: true, fans: 1 });
    expect(await unfollowShop(db, 3, otherShopId)).toMatchObject({ is_followed: false, fans: 0 });
    await setShopStatus(db, otherShopId, 1);
  });

  it('keeps fans exact under 20 concurrent follows, duplicates and unfollows', async () => {
    const db = ctx.database.db;
    const users = Array.from({ length: 20 }, (_, index) => 1000 + index);
    // On PostgreSQL these run on separate pooled connections; PGlite serialises them.
    const results = await Promise.all(users.map((user) => followShop(db, user, shopId)));
    expect(results.every((result) => result.is_followed)).toBe(true);
    expect(await fansInDatabase(shopId)).toEqual({ counter: 21, rows: 21 });
    expect(Math.max(...results.map((result) => result.fans))).toBe(21);

    // The same user 20 times at once: one follow.
    await Promise.all(Array.from({ length: 20 }, () => followShop(db, 5000, shopId)));
    expect(await fansInDatabase(shopId)).toEqual({ counter: 22, rows: 22 });

    // Half unfollow while the other half follow again, all at once.
    await Promise.all(
      users.map((user, index) => (index % 2 === 0 ? unfollowShop(db, user, shopId) : followShop(db, user, shopId))),
    );
    expect(await fansInDatabase(shopId)).toEqual({ counter: 12, rows: 12 });
  });

  it('lists followed shops newest first', async () => {
    const db = ctx.database.db;
    await followShop(db, 77, shopId);
    await followShop(db, 77, otherShopId);
    const page = await listFollowedShops(db, 77, { page: 1, limit: 1 });
    expect(page.list.map((shop) => shop.id)).toEqual([otherShopId]);
    expect(page.has_more).toBe(true);
    const next = await listFollowedShops(db, 77, { page: 2, limit: 1 });
    expect(next.list.map((shop) => shop.id)).toEqual([shopId]);
    expect(next.has_more).toBe(false);
  });
});

describe('favourite services', () => {
  it('adds and removes idempotently with an exact count, also concurrently', async () => {
    const db = ctx.database.db;
    expect(await addFavourite(db, 1, productId)).toEqual({
      product_id: productId,
      is_favourite: true,
      favourite_count: 1,
    });
    expect(await addFavourite(db, 1, productId)).toMatchObject({ favourite_count: 1 });
    await Promise.all(Array.from({ length: 20 }, (_, index) => addFavourite(db, 100 + index, productId)));
    await Promise.all(Array.from({ length: 10 }, () => addFavourite(db, 100, productId)));
    expect(await favouritesInDatabase(productId)).toEqual({ counter: 21, rows: 21 });
    await Promise.all(Array.from({ length: 10 }, (_, index) => removeFavourite(db, 100 + index, productId)));
    expect(await removeFavourite(db, 100, productId)).toMatchObject({ is_favourite: false, favourite_count: 11 });
    expect(await favouritesInDatabase(productId)).toEqual({ counter: 11, rows: 11 });
    await expect(addFavourite(db, 1, 999_999)).rejects.toMatchObject({ key: 'PRODUCT_NOT_FOUND' });
  });

  it('keeps a favourite of a product taken off the shelf, marked, and refuses new ones', async () => {
    const db = ctx.database.db;
    await setProductStatus(db, productId, 0);
    await expect(addFavourite(db, 2, productId)).rejects.toMatchObject({ key: 'PRODUCT_NOT_FOUND' });
    const page = await listFavouriteProducts(db, 'en', 1, { page: 1, limit: 10 });
    expect(page.list).toEqual([expect.objectContaining({ id: productId, on_sale: false })]);
    expect(await removeFavourite(db, 1, productId)).toMatchObject({ is_favourite: false, favourite_count: 10 });
    await setProductStatus(db, productId, 1);
    const [row] = await db
      .select({ n: count() })
      .from(productFavourites)
      .where(and(eq(productFavourites.userId, 1), eq(productFavourites.productId, productId)));
    expect(row?.n).toBe(0);
  });
});

describe('follow and favourite calls', () => {
  const { call, get, post } = apiClient(() => ctx.app);

  it('answers a visitor with code 401', async () => {
    for (const [method, url] of [
      ['POST', '/api/shop/follow'],
      ['POST', '/api/shop/unfollow'],
      ['POST', '/api/user/favourite_add'],
      ['POST', '/api/user/favourite_del'],
      ['GET', '/api/user/follow_list'],
      ['GET', '/api/user/favourite_list'],
    ] as const) {
      const res = await call(method, url, method === 'POST' ? { body: { shop_id: shopId, product_id: 1 } } : {});
      expect(failureEnvelopeSchema.parse(res.body)).toMatchObject({ code: 401, error: 'UNAUTHORIZED' });
    }
  });

  it('follows, favourites and lists for a logged-in user; detail shows the flags', async () => {
    const parse = <T extends z.ZodType>(schema: T, body: unknown) => {
      const { msg, data } = successEnvelope(z.unknown()).parse(body);
      return { msg, data: schema.parse(data) };
    };
    const followed = parse(
      followResultSchema,
      await post('/api/shop/follow', { shop_id: shopId }, { token: viewer.token }),
    );
    expect(followed.msg).toBe('Followed');
    expect(followed.data.is_followed).toBe(true);
    const fav = parse(
      favouriteResultSchema,
      await post('/api/user/favourite_add', { product_id: productId }, { token: viewer.token }),
    );
    expect(fav.data.is_favourite).toBe(true);
    const follows = parse(followListSchema, await get('/api/user/follow_list', { token: viewer.token }));
    expect(follows.data.list.map((shop) => shop.id)).toEqual([shopId]);
    const favourites = parse(favouriteListSchema, await get('/api/user/favourite_list', { token: viewer.token }));
    expect(favourites.data.list.map((product) => product.id)).toEqual([productId]);

    // The public detail calls read the same request.user for their flags.
    const detail = parse(
      productDetailSchema,
      await get(`/api/product/detail?id=${productId}`, { token: viewer.token }),
    );
    expect(detail.data).toMatchObject({ is_favourite: true, shop: { is_followed: true } });
    const shop = parse(shopDetailSchema, await get(`/api/shop/detail?id=${shopId}`, { token: viewer.token }));
    expect(shop.data.is_followed).toBe(true);
    const visitor = parse(shopDetailSchema, await get(`/api/shop/detail?id=${shopId}`));
    expect(visitor.data.is_followed).toBe(false);

    const unfollowed = parse(
      followResultSchema,
      await post('/api/shop/unfollow', { shop_id: shopId }, { token: viewer.token }),
    );
    expect(unfollowed.data.is_followed).toBe(false);
    const missing = failureEnvelopeSchema.parse(
      await post('/api/shop/follow', { shop_id: 0 }, { token: viewer.token }),
    );
    expect(missing.error).toBe('VALIDATION_FAILED');
  });
});
