import { cartCountSchema, cartDeleteResultSchema, cartItemRowSchema, cartListSchema } from '@crossmart/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { cartItems, productSkus } from '../../db/schema/index.ts';
import { call, expectOk, newBuyer, newProduct, newShop } from '../../test/commerce-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { setProductStatus } from '../catalog/index.ts';

let ctx: TestContext;
let db: Database;
beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
});
afterAll(() => ctx.close());

describe('cart', () => {
  it('adds, merges, bounds by stock, groups per shop, selects, counts and deletes', async () => {
    const buyer = await newBuyer(ctx.app, db);
    const shopA = await newShop(db, null);
    const shopB = await newShop(db, null);
    const a1 = await newProduct(db, shopA.id, { price: 1000, stock: 5 });
    const a2 = await newProduct(db, shopA.id, { price: 250, stock: 10 });
    const b1 = await newProduct(db, shopB.id, { price: 700, stock: 3 });
    const add = (skuId: number, quantity: number) =>
      call(ctx.app, 'POST', '/api/cart/add', buyer.token, cartItemRowSchema, { sku_id: skuId, quantity });

    const first = expectOk(await add(a1.skuId, 2));
    expect(first).toMatchObject({ sku_id: a1.skuId, quantity: 2, selected: true });
    // Adding the same SKU adds to the line; beyond the stock it is refused and the line keeps its quantity.
    expect(expectOk(await add(a1.skuId, 3))).toMatchObject({ id: first.id, quantity: 5 });
    expect(await add(a1.skuId, 1)).toMatchObject({ ok: false, error: 'INSUFFICIENT_STOCK' });
    expect(await add(b1.skuId, 4)).toMatchObject({ ok: false, error: 'INSUFFICIENT_STOCK' });
    const [row] = await db.select().from(cartItems).where(eq(cartItems.id, first.id));
    expect(row?.quantity).toBe(5);
    expect(await db.select().from(cartItems).where(eq(cartItems.skuId, b1.skuId))).toHaveLength(0);
    expect(await add(999_999, 1)).toMatchObject({ ok: false, error: 'SKU_NOT_FOUND' });

    const second = expectOk(await add(a2.skuId, 1));
    const third = expectOk(await add(b1.skuId, 3));
    const list = expectOk(await call(ctx.app, 'GET', '/api/cart/list', buyer.token, cartListSchema));
    expect(list.shops.map((shop) => shop.shop_id)).toEqual([shopA.id, shopB.id]);
    expect(list.shops[0]?.items.map((item) => item.id)).toEqual([first.id, second.id]);
    expect(list.shops[0]?.items[0]).toMatchObject({
      price: 1000,
      stock: 5,
      specs: [{ name: 'Color', value: 'Black' }],
    });
    expect(list).toMatchObject({ count: 9, selected_count: 9, selected_amount: 5000 + 250 + 2100, all_selected: true });

    // Update: a quantity above the stock is refused; selection moves the totals.
    const update = (payload: object) =>
      call(ctx.app, 'POST', '/api/cart/update', buyer.token, cartItemRowSchema, payload);
    expect(await update({ id: second.id, quantity: 11 })).toMatchObject({ ok: false, error: 'INSUFFICIENT_STOCK' });
    expect(expectOk(await update({ id: second.id, quantity: 4, selected: false }))).toMatchObject({
      quantity: 4,
      selected: false,
    });
    const afterUpdate = expectOk(await call(ctx.app, 'GET', '/api/cart/list', buyer.token, cartListSchema));
    expect(afterUpdate).toMatchObject({ count: 12, selected_count: 8, selected_amount: 7100, all_selected: false });

    expectOk(await call(ctx.app, 'POST', '/api/cart/select_all', buyer.token, z.null(), { selected: false }));
    expect(expectOk(await call(ctx.app, 'GET', '/api/cart/list', buyer.token, cartListSchema))).toMatchObject({
      selected_count: 0,
      all_selected: false,
    });
    expectOk(await call(ctx.app, 'POST', '/api/cart/select_all', buyer.token, z.null(), { selected: true }));
    expect(expectOk(await call(ctx.app, 'GET', '/api/cart/count', buyer.token, cartCountSchema))).toEqual({
      count: 12,
    });

    // Another user can neither change nor delete these lines.
    const other = await newBuyer(ctx.app, db);
    expect(
      await call(ctx.app, 'POST', '/api/cart/update', other.token, cartItemRowSchema, { id: first.id, quantity: 1 }),
    ).toMatchObject({ ok: false, error: 'CART_ITEM_NOT_FOUND' });
    expect(
      expectOk(
        await call(ctx.app, 'POST', '/api/cart/delete', other.token, cartDeleteResultSchema, { ids: [first.id] }),
      ),
    ).toEqual({ deleted: 0 });
    expect(expectOk(await call(ctx.app, 'GET', '/api/cart/list', other.token, cartListSchema)).shops).toEqual([]);

    expect(
      expectOk(
        await call(ctx.app, 'POST', '/api/cart/delete', buyer.token, cartDeleteResultSchema, {
          ids: [first.id, third.id],
        }),
      ),
    ).toEqual({ deleted: 2 });
    expect(expectOk(await call(ctx.app, 'GET', '/api/cart/count', buyer.token, cartCountSchema))).toEqual({ count: 4 });
  });

  it('keeps a line whose product left the shelf, marked unavailable, and refuses to add or check it out', async () => {
    const buyer = await newBuyer(ctx.app, db);
    const shop = await newShop(db, null);
    const p = await newProduct(db, shop.id, { price: 300, stock: 5 });
    const line = expectOk(
      await call(ctx.app, 'POST', '/api/cart/add', buyer.token, cartItemRowSchema, { sku_id: p.skuId, quantity: 1 }),
    );
    await setProductStatus(db, p.productId, 0);
    expect(
      await call(ctx.app, 'POST', '/api/cart/add', buyer.token, cartItemRowSchema, { sku_id: p.skuId, quantity: 1 }),
    ).toMatchObject({ ok: false, error: 'PRODUCT_UNAVAILABLE' });
    const list = expectOk(await call(ctx.app, 'GET', '/api/cart/list', buyer.token, cartListSchema));
    expect(list.shops[0]?.items[0]).toMatchObject({ id: line.id, available: false });
    expect(list).toMatchObject({ count: 1, selected_count: 0, selected_amount: 0 });
    expect(
      await call(ctx.app, 'POST', '/api/order/preview', buyer.token, z.unknown(), { cart_ids: [line.id] }),
    ).toMatchObject({ ok: false, error: 'PRODUCT_UNAVAILABLE' });
  });

  it('leaves a sold-out line out of the selected total', async () => {
    const buyer = await newBuyer(ctx.app, db);
    const shop = await newShop(db, null);
    const soldOut = await newProduct(db, shop.id, { price: 300, stock: 2 });
    const inStock = await newProduct(db, shop.id, { price: 500, stock: 2 });
    for (const p of [soldOut, inStock]) {
      expectOk(await call(ctx.app, 'POST', '/api/cart/add', buyer.token, cartItemRowSchema, { sku_id: p.skuId }));
    }
    await db.update(productSkus).set({ stock: 0 }).where(eq(productSkus.id, soldOut.skuId));
    const list = expectOk(await call(ctx.app, 'GET', '/api/cart/list', buyer.token, cartListSchema));
    expect(list.shops[0]?.items.map((item) => item.available)).toEqual([false, true]);
    expect(list).toMatchObject({ count: 2, selected_count: 1, selected_amount: 500 });
  });

  it('answers 401 without a token', async () => {
    expect(await call(ctx.app, 'GET', '/api/cart/list', undefined, cartListSchema)).toMatchObject({
      ok: false,
      code: 401,
    });
  });
});
