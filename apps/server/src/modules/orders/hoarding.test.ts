import {
  cartItemRowSchema,
  orderCreateResultSchema,
  orderPreviewSchema,
  productPageSchema,
  verifyPayResultSchema,
} from '@crossmart/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { orders, promoCodes, settings } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import {
  addressLookup,
  type Buyer,
  call,
  expectOk,
  giveBalance,
  knownAddressId,
  newBuyer,
  newProduct,
  newShop,
} from '../../test/commerce-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { settingsChanged } from '../wallet/index.ts';
import { createOrders } from './checkout.service.ts';
import type { Transact } from './transact.ts';

/** Issue 17 items 7, 8, 10, 11 and 12: stock hoarding, double checkout, big amounts, pay codes, promo probing. */
let ctx: TestContext;
let db: Database;
beforeAll(async () => {
  ctx = await createTestApp({
    addressLookup,
    env: { ORDER_CREATE_MAX_PER_MINUTE: '6', ORDER_PREVIEW_MAX_PER_MINUTE: '8' },
  });
  db = ctx.database.db;
});
afterAll(() => ctx.close());

const create = (buyer: Buyer, payload: object, headers: Record<string, string> = {}) =>
  call(
    ctx.app,
    'POST',
    '/api/order/create',
    buyer.token,
    orderCreateResultSchema,
    { address_id: knownAddressId, ...payload },
    headers,
  );
const preview = (buyer: Buyer, payload: object) =>
  call(ctx.app, 'POST', '/api/order/preview', buyer.token, orderPreviewSchema, payload);
const addToCart = async (buyer: Buyer, skuId: number, quantity: number) =>
  expectOk(await call(ctx.app, 'POST', '/api/cart/add', buyer.token, cartItemRowSchema, { sku_id: skuId, quantity }))
    .id;

describe('stock hoarding', () => {
  it('refuses a sixth unpaid order (platform setting, default 5), and follows the setting', async () => {
    const shop = await newShop(db, null);
    const { skuId } = await newProduct(db, shop.id, { price: 100, stock: 1000 });
    const buyer = await newBuyer(ctx.app, db);
    for (let i = 0; i < 5; i += 1) expectOk(await create(buyer, { sku_id: skuId, quantity: 1 }));
    expect(await create(buyer, { sku_id: skuId, quantity: 1 })).toMatchObject({
      ok: false,
      error: 'UNPAID_ORDER_LIMIT',
    });

    const other = await newBuyer(ctx.app, db);
    await db.insert(settings).values({ key: 'max_unpaid_orders', value: 1 });
    // Written by hand, not by saveSettings: the settings cache is told (ADR 0013).
    settingsChanged();
    try {
      expectOk(await create(other, { sku_id: skuId, quantity: 1 }));
      expect(await create(other, { sku_id: skuId, quantity: 1 })).toMatchObject({ error: 'UNPAID_ORDER_LIMIT' });
    } finally {
      await db.delete(settings).where(eq(settings.key, 'max_unpaid_orders'));
      settingsChanged();
    }
  });

  it('caps the quantity of one line, bought directly or from the bag', async () => {
    const shop = await newShop(db, null);
    const { skuId } = await newProduct(db, shop.id, { price: 100, stock: 5000 });
    const buyer = await newBuyer(ctx.app, db);
    expect(await create(buyer, { sku_id: skuId, quantity: 100 })).toMatchObject({ ok: false });
    const line = await addToCart(buyer, skuId, 500);
    expect(await create(buyer, { cart_ids: [line] })).toMatchObject({ ok: false, error: 'ORDER_LINE_LIMIT' });
    expect(await preview(buyer, { cart_ids: [line] })).toMatchObject({ ok: false, error: 'ORDER_LINE_LIMIT' });
  });

  it('rate-limits order creation per user', async () => {
    const shop = await newShop(db, null);
    const { skuId } = await newProduct(db, shop.id, { price: 100, stock: 1000 });
    const buyer = await newBuyer(ctx.app, db);
    const answers = [];
    // Unknown address: refused without creating anything, but every try counts.
    for (let i = 0; i < 7; i += 1) answers.push(await create(buyer, { sku_id: skuId, quantity: 1, address_id: 1 }));
    expect(answers.slice(0, 6).every((answer) => !answer.ok && answer.error === 'ADDRESS_NOT_FOUND')).toBe(true);
    expect(answers[6]).toMatchObject({ ok: false, error: 'RATE_LIMITED' });
  });
});

describe('checking out one bag twice at once', () => {
  it('makes one order set from two parallel creates without an Idempotency-Key (race on PostgreSQL)', async () => {
    const shop = await newShop(db, null);
    const { skuId } = await newProduct(db, shop.id, { price: 700, stock: 100 });
    const buyer = await newBuyer(ctx.app, db);
    const line = await addToCart(buyer, skuId, 2);
    // On PostgreSQL both transactions are open before either reads the bag (PGlite has one connection).
    let opened = 0;
    let release = () => {};
    const bothOpen = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transact: Transact = (work) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        opened += 1;
        if (opened === 2) release();
        if (ctx.database.engine === 'postgres') await bothOpen;
        return work(tx);
      });
    const attempt = () =>
      createOrders(db, addressLookup, buyer.id, { cart_ids: [line], address_id: knownAddressId }, 'en', transact).then(
        () => 'ok',
        (error: unknown) => (error instanceof AppError ? error.key : String(error)),
      );
    const answers = await Promise.all([attempt(), attempt()]);
    expect(answers.sort()).toEqual(['CART_ITEM_NOT_FOUND', 'ok']);
    const made = await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, buyer.id));
    expect(made).toHaveLength(1);
  });
});

describe('numbers', () => {
  it('stores an order above 2^31 minor units (bigint money columns)', async () => {
    const shop = await newShop(db, null);
    const { skuId } = await newProduct(db, shop.id, { price: 25_000_000, stock: 200 });
    const buyer = await newBuyer(ctx.app, db);
    const made = expectOk(await create(buyer, { sku_id: skuId, quantity: 99 }));
    expect(made.total).toBe(2_475_000_000);
    const [row] = await db
      .select({ total: orders.total })
      .from(orders)
      .where(eq(orders.id, made.order_ids[0] ?? 0));
    expect(row?.total).toBe(2_475_000_000);
  });

  it('bounds the page number, so a huge page cannot scan the catalogue', async () => {
    const huge = await ctx.app.inject({ method: 'GET', url: '/api/product/list?page=1000000000000' });
    expect(huge.json()).toMatchObject({ code: 0, error: 'VALIDATION_FAILED' });
    const fine = await ctx.app.inject({ method: 'GET', url: '/api/product/list?page=2' });
    expect(productPageSchema.safeParse(fine.json().data).success).toBe(true);
  });
});

describe('payment code length', () => {
  it('pays with an 8-digit code set through resetPay (one rule for every form)', async () => {
    const shop = await newShop(db, null);
    const { skuId } = await newProduct(db, shop.id, { price: 300, stock: 10 });
    const buyer = await newBuyer(ctx.app, db);
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/resetPay',
      headers: { token: buyer.token },
      payload: { paypwd: '24681357', repaypwd: '24681357', oldpaypwd: '123456' },
    });
    expect(changed.json().code).toBe(1);
    await giveBalance(db, buyer.id, 1000);
    const made = expectOk(await create(buyer, { sku_id: skuId, quantity: 1 }));
    const paid = await call(ctx.app, 'POST', '/api/user/verify_pay', buyer.token, verifyPayResultSchema, {
      order_ids: made.order_ids,
      paypwd: '24681357',
    });
    expect(paid).toMatchObject({ ok: true });
  });
});

describe('promo code probing', () => {
  it('answers every invalid-code reason with one generic answer', async () => {
    const shop = await newShop(db, null);
    const { skuId } = await newProduct(db, shop.id, { price: 1000, stock: 100 });
    const now = Date.now();
    const day = 86_400_000;
    const base = { type: 'percent' as const, value: 10, startsAt: new Date(now - day), endsAt: new Date(now + day) };
    await db.insert(promoCodes).values([
      { ...base, code: 'SOONX', startsAt: new Date(now + day), endsAt: new Date(now + 2 * day) },
      { ...base, code: 'PASTX', startsAt: new Date(now - 2 * day), endsAt: new Date(now - day) },
      { ...base, code: 'OFFX', status: 0 },
    ]);
    const buyer = await newBuyer(ctx.app, db);
    const answers = [];
    for (const code of ['SOONX', 'PASTX', 'OFFX', 'NOSUCHX']) {
      answers.push(await preview(buyer, { sku_id: skuId, quantity: 1, promo_code: code }));
    }
    expect(answers.map((answer) => (answer.ok ? 'ok' : answer.error))).toEqual([
      'PROMO_INVALID',
      'PROMO_INVALID',
      'PROMO_INVALID',
      'PROMO_INVALID',
    ]);
  });

  it('rate-limits previews per user', async () => {
    const shop = await newShop(db, null);
    const { skuId } = await newProduct(db, shop.id, { price: 1000, stock: 100 });
    const buyer = await newBuyer(ctx.app, db);
    const answers = [];
    for (let i = 0; i < 9; i += 1)
      answers.push(await preview(buyer, { sku_id: skuId, quantity: 1, promo_code: `G${i}` }));
    expect(answers.slice(0, 8).every((answer) => !answer.ok && answer.error === 'PROMO_INVALID')).toBe(true);
    expect(answers[8]).toMatchObject({ ok: false, error: 'RATE_LIMITED' });
    // Another user is not affected.
    const other = await newBuyer(ctx.app, db);
    expect(await preview(other, { sku_id: skuId, quantity: 1 })).toMatchObject({ ok: true });
  });
});
