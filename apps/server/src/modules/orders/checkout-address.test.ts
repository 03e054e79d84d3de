import { addressSchema, orderCreateResultSchema, orderDetailSchema } from '@crossmart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectOk, newBuyer, newMerchant, newProduct, newShop } from '../../test/commerce-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

// The app as deployed: checkout reads the buyer's own address book (no injected lookup).
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('checkout with the address book', () => {
  it('snapshots the buyer’s own address and refuses another user’s', async () => {
    const db = ctx.database.db;
    const buyer = await newBuyer(ctx.app, db);
    const stranger = await newBuyer(ctx.app, db);
    const merchant = await newMerchant(ctx.app, db);
    const shop = await newShop(db, merchant.id);
    const product = await newProduct(db, shop.id, { price: 1200, stock: 3 });
    const saved = expectOk(
      await call(ctx.app, 'POST', '/api/user/address_add', buyer.token, addressSchema, {
        name: 'Hanako Yamada',
        mobile: '09011112222',
        area: { codes: ['JP', 'JP-13'], text: 'Tokyo' },
        address: '1-2-3 Shinjuku',
        tag: 'home',
      }),
    );

    const created = expectOk(
      await call(ctx.app, 'POST', '/api/order/create', buyer.token, orderCreateResultSchema, {
        sku_id: product.skuId,
        quantity: 1,
        address_id: saved.id,
      }),
    );
    const orderId = created.order_ids[0] ?? 0;
    const order = expectOk(
      await call(ctx.app, 'GET', `/api/order/detail?id=${orderId}`, buyer.token, orderDetailSchema),
    );
    expect(order.address).toMatchObject({ name: 'Hanako Yamada', area: 'Tokyo', address: '1-2-3 Shinjuku' });

    const refused = await call(ctx.app, 'POST', '/api/order/create', stranger.token, orderCreateResultSchema, {
      sku_id: product.skuId,
      quantity: 1,
      address_id: saved.id,
    });
    expect(refused).toMatchObject({ ok: false, error: 'ADDRESS_NOT_FOUND' });
  });
});
