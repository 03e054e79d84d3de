import {
  cartItemRowSchema,
  orderCreateResultSchema,
  orderDetailSchema,
  orderListSchema,
  orderPreviewSchema,
  orderStatusResultSchema,
  orderSweepResultSchema,
  verifyPayResultSchema,
} from '@crossmart/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { cartItems, orderItems, orders, products, promoCodes, users } from '../../db/schema/index.ts';
import {
  addressLookup,
  type Buyer,
  balanceOf,
  call,
  expectOk,
  knownAddressId,
  newBuyer,
  newMerchant,
  newProduct,
  newShop,
  newUserWithRole,
  payCode,
  skuStock,
  testAddress,
} from '../../test/commerce-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { verifyLedger } from '../ledger/index.ts';

let ctx: TestContext;
let db: Database;
beforeAll(async () => {
  ctx = await createTestApp({ addressLookup });
  db = ctx.database.db;
});
afterEach(async () => {
  expect(await verifyLedger(db)).toMatchObject({ ok: true });
});
afterAll(() => ctx.close());

const day = 86_400_000;
const create = (buyer: Buyer, payload: object) =>
  call(ctx.app, 'POST', '/api/order/create', buyer.token, orderCreateResultSchema, {
    address_id: knownAddressId,
    ...payload,
  });
const pay = (buyer: Buyer, orderIds: number[], paypwd = payCode) =>
  call(ctx.app, 'POST', '/api/user/verify_pay', buyer.token, verifyPayResultSchema, { order_ids: orderIds, paypwd });
const detail = (buyer: Buyer, id: number) =>
  call(ctx.app, 'GET', `/api/order/detail?id=${id}`, buyer.token, orderDetailSchema);
const payFailures = async (userId: number) =>
  (await db.select({ failures: users.payFailures }).from(users).where(eq(users.id, userId)))[0]?.failures;
const orderStatus = async (id: number) =>
  (await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.status;

describe('checkout', () => {
  it('makes one order per shop with the highest freight, snapshots, reserves stock and empties the cart lines', async () => {
    const buyer = await newBuyer(ctx.app, db);
    const shopA = await newShop(db, null);
    const shopB = await newShop(db, null);
    const a1 = await newProduct(db, shopA.id, { price: 1200, stock: 10, freight: 300 });
    const a2 = await newProduct(db, shopA.id, { price: 500, stock: 10, freight: 800 });
    const b1 = await newProduct(db, shopB.id, { price: 999, stock: 4, freight: 0 });
    const cartIds: number[] = [];
    for (const [skuId, quantity] of [
      [a1.skuId, 2],
      [a2.skuId, 1],
      [b1.skuId, 3],
    ] as const) {
      const line = expectOk(
        await call(ctx.app, 'POST', '/api/cart/add', buyer.token, cartItemRowSchema, { sku_id: skuId, quantity }),
      );
      cartIds.push(line.id);
    }

    const preview = expectOk(
      await call(ctx.app, 'POST', '/api/order/preview', buyer.token, orderPreviewSchema, {
        cart_ids: cartIds,
        address_id: knownAddressId,
      }),
    );
    expect(preview.orders.map((o) => [o.shop_id, o.goods_amount, o.freight, o.total])).toEqual([
      [shopA.id, 2900, 800, 3700],
      [shopB.id, 2997, 0, 2997],
    ]);
    expect(preview).toMatchObject({ goods_amount: 5897, freight: 800, discount: 0, total: 6697 });
    expect(preview.address).toEqual({ id: knownAddressId, ...testAddress });
    // The preview reserves nothing.
    expect(await skuStock(db, b1.skuId)).toBe(4);

    const created = expectOk(await create(buyer, { cart_ids: cartIds, remark: 'ring twice' }));
    expect(created.orders).toHaveLength(2);
    expect(created.total).toBe(6697);
    expect(new Set(created.orders.map((o) => o.order_no)).size).toBe(2);
    expect(created.orders.map((o) => [o.total, o.status, o.quantity])).toEqual([
      [3700, 0, 3],
      [2997, 0, 3],
    ]);
    expect([await skuStock(db, a1.skuId), await skuStock(db, a2.skuId), await skuStock(db, b1.skuId)]).toEqual([
      8, 9, 1,
    ]);
    const [product] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, b1.productId));
    expect(product?.stock).toBe(1);
    expect(await db.select().from(cartItems).where(inArray(cartItems.id, cartIds))).toHaveLength(0);

    // The snapshot does not follow later price changes.
    const firstId = created.order_ids[0] ?? 0;
    const shown = expectOk(await detail(buyer, firstId));
    expect(shown).toMatchObject({
      address: { id: knownAddressId, ...testAddress },
      remark: 'ring twice',
      goods_amount: 2900,
      freight: 800,
      history: [{ from_status: null, status: 0, actor: 'buyer' }],
      logistics: [],
    });
    expect(shown.items.map((item) => [item.sku_id, item.price, item.quantity, item.amount])).toEqual([
      [a1.skuId, 1200, 2, 2400],
      [a2.skuId, 500, 1, 500],
    ]);
    expect(shown.pay_deadline).not.toBeNull();
    const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, firstId)).limit(1);
    expect(item?.specs).toEqual([{ name: 'Color', value: 'Black' }]);
  });

  it('buys now, refuses more than the stock, an unknown address and an empty choice', async () => {
    const buyer = await newBuyer(ctx.app, db);
    const shop = await newShop(db, null);
    const p = await newProduct(db, shop.id, { price: 100, stock: 2 });
    expect(await create(buyer, { sku_id: p.skuId, quantity: 3 })).toMatchObject({
      ok: false,
      error: 'INSUFFICIENT_STOCK',
    });
    expect(await skuStock(db, p.skuId)).toBe(2);
    expect(await create(buyer, { sku_id: p.skuId, quantity: 1, address_id: 5 })).toMatchObject({
      ok: false,
      error: 'ADDRESS_NOT_FOUND',
    });
    expect(
      await call(ctx.app, 'POST', '/api/order/create', buyer.token, orderCreateResultSchema, { sku_id: p.skuId }),
    ).toMatchObject({ ok: false, error: 'ADDRESS_REQUIRED' });
    expect(await create(buyer, {})).toMatchObject({ ok: false, error: 'VALIDATION_FAILED' });
    const bought = expectOk(await create(buyer, { sku_id: p.skuId, quantity: 2 }));
    expect(bought.orders[0]).toMatchObject({ goods_amount: 200, total: 200 });
    expect(await skuStock(db, p.skuId)).toBe(0);
  });
});

describe('promo codes', () => {
  const now = Date.now();
  const promo = async (values: Partial<typeof promoCodes.$inferInsert> & { code: string }) =>
    db.insert(promoCodes).values({
      type: 'percent',
      value: 10,
      startsAt: new Date(now - day),
      endsAt: new Date(now + day),
      ...values,
    });

  it('applies percentage and fixed codes with their minimum spend, window, shop and per-user limit', async () => {
    const buyer = await newBuyer(ctx.app, db);
    const shopA = await newShop(db, null);
    const shopB = await newShop(db, null);
    const a = await newProduct(db, shopA.id, { price: 3000, stock: 100, freight: 500 });
    const b = await newProduct(db, shopB.id, { price: 1000, stock: 100, freight: 200 });
    await promo({ code: 'TENOFF', type: 'percent', value: 10, minSpend: 4000, perUserLimit: 1 });
    await promo({ code: 'FLAT700', type: 'fixed', value: 700, perUserLimit: 5 });
    await promo({ code: 'SHOPB', type: 'fixed', value: 300, shopId: shopB.id, minSpend: 1000, perUserLimit: 5 });
    await promo({ code: 'LATER', startsAt: new Date(now + day), endsAt: new Date(now + 2 * day) });
    await promo({ code: 'GONE', startsAt: new Date(now - 2 * day), endsAt: new Date(now - day) });
    await promo({ code: 'OFF', status: 0 });

    const cart: number[] = [];
    for (const skuId of [a.skuId, b.skuId]) {
      cart.push(
        expectOk(
          await call(ctx.app, 'POST', '/api/cart/add', buyer.token, cartItemRowSchema, { sku_id: skuId, quantity: 1 }),
        ).id,
      );
    }
    const preview = (code: string, ids = cart) =>
      call(ctx.app, 'POST', '/api/order/preview', buyer.token, orderPreviewSchema, { cart_ids: ids, promo_code: code });

    // 10 % of each order's goods; freight is never discounted.
    expect(expectOk(await preview('tenoff'))).toMatchObject({ discount: 400, freight: 700, total: 4300 });
    // Minimum spend counts the whole checkout for a platform code.
    expect(await preview('TENOFF', [cart[0] ?? 0])).toMatchObject({ ok: false, error: 'PROMO_MIN_SPEND' });
    // A fixed platform amount is shared in proportion to the goods: 525 + 175.
    expect(expectOk(await preview('FLAT700')).orders.map((o) => o.discount)).toEqual([525, 175]);
    // A shop's code discounts only that shop's order, and needs that shop in the checkout.
    expect(expectOk(await preview('SHOPB')).orders.map((o) => o.discount)).toEqual([0, 300]);
    expect(await preview('SHOPB', [cart[0] ?? 0])).toMatchObject({ ok: false, error: 'PROMO_INVALID' });
    expect(await preview('LATER')).toMatchObject({ ok: false, error: 'PROMO_INVALID' });
    expect(await preview('GONE')).toMatchObject({ ok: false, error: 'PROMO_INVALID' });
    expect(await preview('OFF')).toMatchObject({ ok: false, error: 'PROMO_INVALID' });
    expect(await preview('NOPE')).toMatchObject({ ok: false, error: 'PROMO_INVALID' });

    // Per-user limit 1: the second checkout with the code is refused; a cancelled checkout gives the use back.
    const first = expectOk(await create(buyer, { cart_ids: cart, promo_code: 'TENOFF' }));
    expect(first.total).toBe(4300);
    const again = await create(buyer, { sku_id: a.skuId, quantity: 2, promo_code: 'TENOFF' });
    expect(again).toMatchObject({ ok: false, error: 'PROMO_INVALID' });
    for (const id of first.order_ids) {
      expectOk(await call(ctx.app, 'POST', '/api/order/cancel', buyer.token, orderStatusResultSchema, { id }));
    }
    const retried = expectOk(await create(buyer, { sku_id: a.skuId, quantity: 2, promo_code: 'TENOFF' }));
    expect(retried.orders[0]).toMatchObject({ goods_amount: 6000, discount: 600, freight: 500, total: 5900 });
    // Another buyer has their own allowance.
    const other = await newBuyer(ctx.app, db);
    expect(expectOk(await create(other, { sku_id: a.skuId, quantity: 2, promo_code: 'TENOFF' })).total).toBe(5900);
  });
});

describe('payment', () => {
  it('pays several orders in one ledger posting, or none when the balance covers only some', async () => {
    const shopA = await newShop(db, null);
    const shopB = await newShop(db, null);
    const a = await newProduct(db, shopA.id, { price: 3000, stock: 10 });
    const b = await newProduct(db, shopB.id, { price: 2000, stock: 10 });
    const buyer = await newBuyer(ctx.app, db, 4000);
    const first = expectOk(await create(buyer, { sku_id: a.skuId, quantity: 1 })).order_ids;
    const second = expectOk(await create(buyer, { sku_id: b.skuId, quantity: 1 })).order_ids;
    const ids = [...first, ...second];
    const escrowBefore = await balanceOf(db, 'escrow');

    expect(await pay(buyer, ids, '654321')).toMatchObject({ ok: false, error: 'PAY_PASSWORD_WRONG' });
    expect(await payFailures(buyer.id)).toBe(1);
    // 5000 due, 4000 held: nothing moves, nothing is paid. The right code still ends the try
    // count, though the transaction it ends it in rolled back (it is ended again after the rollback).
    expect(await pay(buyer, ids)).toMatchObject({ ok: false, error: 'INSUFFICIENT_BALANCE' });
    expect(await payFailures(buyer.id)).toBe(0);
    expect(await pay(buyer, ids, '654321')).toMatchObject({ ok: false, error: 'PAY_PASSWORD_WRONG' });
    expect(await payFailures(buyer.id)).toBe(1);
    expect(await balanceOf(db, `user:${buyer.id}`)).toBe(4000);
    expect(await balanceOf(db, 'escrow')).toBe(escrowBefore);
    expect([await orderStatus(ids[0] ?? 0), await orderStatus(ids[1] ?? 0)]).toEqual([0, 0]);

    const paid = expectOk(await pay(buyer, first));
    expect(paid).toMatchObject({ amount: 3000, balance: 1000, order_ids: first });
    // Ended in the payment's own transaction.
    expect(await payFailures(buyer.id)).toBe(0);
    expect(await balanceOf(db, 'escrow')).toBe(escrowBefore + 3000);
    // Paying again moves nothing.
    expect(await pay(buyer, first)).toMatchObject({ ok: false, error: 'ORDER_STATUS_INVALID' });
    expect(await pay(buyer, ids)).toMatchObject({ ok: false, error: 'ORDER_STATUS_INVALID' });
    expect(await balanceOf(db, `user:${buyer.id}`)).toBe(1000);
    const shown = expectOk(await detail(buyer, first[0] ?? 0));
    expect(shown.history.map((h) => h.status)).toEqual([0, 1]);
    expect(shown.paid_at).not.toBeNull();
  });

  it('lets only one of 50 concurrent payments of one order through', async () => {
    const shop = await newShop(db, null);
    const p = await newProduct(db, shop.id, { price: 700, stock: 5 });
    const buyer = await newBuyer(ctx.app, db, 10_000);
    const [orderId] = expectOk(await create(buyer, { sku_id: p.skuId, quantity: 1 })).order_ids;
    const results = await Promise.all(Array.from({ length: 50 }, () => pay(buyer, [orderId ?? 0])));
    const succeeded = results.filter((result) => result.ok);
    expect(succeeded).toHaveLength(1);
    // The others fail on the order's status, or on the payment-code lockout (tries are counted before checking).
    for (const result of results) {
      if (!result.ok) expect(['ORDER_STATUS_INVALID', 'PAY_LOCKED']).toContain(result.error);
    }
    expect(await balanceOf(db, `user:${buyer.id}`)).toBe(9300);
    expect(await orderStatus(orderId ?? 0)).toBe(1);
  });
});

describe('item titles', () => {
  it('shows an order’s items in the reader’s language, from the snapshot taken at checkout', async () => {
    const buyer = await newBuyer(ctx.app, db);
    const shop = await newShop(db, null);
    const p = await newProduct(db, shop.id, {
      price: 500,
      stock: 5,
      titleI18n: { jp: '白いシャツ', en: 'White shirt' },
    });
    const id = expectOk(await create(buyer, { sku_id: p.skuId, quantity: 1 })).order_ids[0] ?? 0;
    // The product is renamed afterwards: the order keeps what was bought.
    await db
      .update(products)
      .set({ titleI18n: { jp: '黒いシャツ', en: 'Black shirt' } })
      .where(eq(products.id, p.productId));
    const read = async (lang: string) =>
      expectOk(
        await call(ctx.app, 'GET', `/api/order/detail?id=${id}`, buyer.token, orderDetailSchema, undefined, { lang }),
      ).items[0]?.title;
    expect(await read('jp')).toBe('白いシャツ');
    expect(await read('en')).toBe('White shirt');
    const list = expectOk(
      await call(ctx.app, 'GET', '/api/user/order_list?status=0', buyer.token, orderListSchema, undefined, {
        lang: 'jp',
      }),
    );
    expect(list.list.find((order) => order.id === id)?.items[0]?.title).toBe('白いシャツ');
  });
});

describe('idempotency keys', () => {
  const withKey = (key: string) => ({ 'idempotency-key': key });

  it('replays order creation under the same key instead of making a second order', async () => {
    const buyer = await newBuyer(ctx.app, db);
    const shop = await newShop(db, null);
    const p = await newProduct(db, shop.id, { price: 700, stock: 10 });
    const body = { sku_id: p.skuId, quantity: 2, address_id: knownAddressId };
    const send = (payload: object, key: string) =>
      call(ctx.app, 'POST', '/api/order/create', buyer.token, orderCreateResultSchema, payload, withKey(key));
    const first = expectOk(await send(body, 'create-key-0001'));
    const again = expectOk(await send(body, 'create-key-0001'));
    expect(again).toEqual(first);
    expect(await skuStock(db, p.skuId)).toBe(8);
    const made = await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, buyer.id));
    expect(made).toHaveLength(1);
    expect(await send({ ...body, quantity: 3 }, 'create-key-0001')).toMatchObject({
      ok: false,
      error: 'IDEMPOTENCY_KEY_REUSED',
    });
    // Another key is another checkout.
    expectOk(await send(body, 'create-key-0002'));
    expect(await skuStock(db, p.skuId)).toBe(6);
  });

  it('makes one order from concurrent creates with one key', async () => {
    const buyer = await newBuyer(ctx.app, db);
    const shop = await newShop(db, null);
    const p = await newProduct(db, shop.id, { price: 700, stock: 10 });
    const body = { sku_id: p.skuId, quantity: 1, address_id: knownAddressId };
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(ctx.app, 'POST', '/api/order/create', buyer.token, orderCreateResultSchema, body, withKey('same-key-x1')),
      ),
    );
    const ids = new Set(results.map((result) => expectOk(result).order_ids.join()));
    expect(ids.size).toBe(1);
    expect(await skuStock(db, p.skuId)).toBe(9);
  });

  it('answers a repeated payment with its first answer and moves the money once', async () => {
    const buyer = await newBuyer(ctx.app, db, 5000);
    const shop = await newShop(db, null);
    const p = await newProduct(db, shop.id, { price: 1200, stock: 10 });
    const id = expectOk(await create(buyer, { sku_id: p.skuId, quantity: 1 })).order_ids[0] ?? 0;
    const payWithKey = () =>
      call(
        ctx.app,
        'POST',
        '/api/user/verify_pay',
        buyer.token,
        verifyPayResultSchema,
        { order_ids: [id], paypwd: payCode },
        withKey('pay-key-0001'),
      );
    const first = expectOk(await payWithKey());
    expect(first.balance).toBe(3800);
    expect(expectOk(await payWithKey())).toEqual(first);
    expect(await balanceOf(db, `user:${buyer.id}`)).toBe(3800);
    // Without the key the repeat is refused by the order's status, still moving nothing.
    expect(await pay(buyer, [id])).toMatchObject({ ok: false, error: 'ORDER_STATUS_INVALID' });
    expect(await balanceOf(db, `user:${buyer.id}`)).toBe(3800);

    // Cancelling (a refund) under one key: the repeat answers the same, the money comes back once.
    const cancelWithKey = () =>
      call(
        ctx.app,
        'POST',
        '/api/order/cancel',
        buyer.token,
        orderStatusResultSchema,
        { id },
        withKey('cancel-key-01'),
      );
    expect(expectOk(await cancelWithKey())).toEqual({ id, status: -1 });
    expect(expectOk(await cancelWithKey())).toEqual({ id, status: -1 });
    expect(await balanceOf(db, `user:${buyer.id}`)).toBe(5000);
  });
});

describe('admin sweep call', () => {
  it('refuses to move the clock unless the server runs with ORDER_TEST_CLOCK', async () => {
    const admin = await newUserWithRole(ctx.app, db, 'admin');
    const sweep = (advance: number) =>
      call(ctx.app, 'POST', '/api/admin/order_sweeps', admin.token, orderSweepResultSchema, {
        advance_minutes: advance,
      });
    expect(await sweep(60)).toMatchObject({ ok: false, error: 'TEST_CLOCK_DISABLED' });
    expect(await sweep(0)).toMatchObject({ ok: true });
  });
});

describe('stock under contention', () => {
  it('sells the last 5 items to exactly 5 of 30 concurrent buyers', async () => {
    const shop = await newShop(db, null);
    const p = await newProduct(db, shop.id, { price: 500, stock: 5 });
    const buyers: Buyer[] = [];
    for (let i = 0; i < 30; i += 1) buyers.push(await newBuyer(ctx.app, db));
    const results = await Promise.all(buyers.map((buyer) => create(buyer, { sku_id: p.skuId, quantity: 1 })));
    expect(results.filter((result) => result.ok)).toHaveLength(5);
    for (const result of results) if (!result.ok) expect(result.error).toBe('INSUFFICIENT_STOCK');
    expect(await skuStock(db, p.skuId)).toBe(0);
    const rows = await db.select().from(orderItems).where(eq(orderItems.skuId, p.skuId));
    expect(rows).toHaveLength(5);
  });
});

describe('cancel, ship, confirm', () => {
  it('cancels an unpaid order (stock back) and a paid one (full refund and stock back)', async () => {
    const shop = await newShop(db, null);
    const p = await newProduct(db, shop.id, { price: 1500, stock: 10, freight: 200 });
    const buyer = await newBuyer(ctx.app, db, 5000);
    const cancel = (id: number, who = buyer) =>
      call(ctx.app, 'POST', '/api/order/cancel', who.token, orderStatusResultSchema, { id });

    const [unpaid] = expectOk(await create(buyer, { sku_id: p.skuId, quantity: 2 })).order_ids;
    expect(await skuStock(db, p.skuId)).toBe(8);
    expect(expectOk(await cancel(unpaid ?? 0))).toEqual({ id: unpaid, status: -1 });
    expect(await skuStock(db, p.skuId)).toBe(10);
    expect(await cancel(unpaid ?? 0)).toMatchObject({ ok: false, error: 'ORDER_STATUS_INVALID' });
    expect(await pay(buyer, [unpaid ?? 0])).toMatchObject({ ok: false, error: 'ORDER_STATUS_INVALID' });

    const [paid] = expectOk(await create(buyer, { sku_id: p.skuId, quantity: 3 })).order_ids;
    expectOk(await pay(buyer, [paid ?? 0]));
    expect(await balanceOf(db, `user:${buyer.id}`)).toBe(300);
    const escrow = await balanceOf(db, 'escrow');
    expectOk(await cancel(paid ?? 0));
    expect(await balanceOf(db, `user:${buyer.id}`)).toBe(5000);
    expect(await balanceOf(db, 'escrow')).toBe(escrow - 4700);
    expect(await skuStock(db, p.skuId)).toBe(10);
    const shown = expectOk(await detail(buyer, paid ?? 0));
    expect(shown.history.map((h) => h.status)).toEqual([0, 1, -1]);
    expect(shown.cancelled_at).not.toBeNull();
  });

  it('never shows or acts on another user’s order', async () => {
    const merchant = await newMerchant(ctx.app, db);
    const shop = await newShop(db, merchant.id);
    const p = await newProduct(db, shop.id, { price: 100, stock: 10 });
    const owner = await newBuyer(ctx.app, db, 1000);
    const stranger = await newBuyer(ctx.app, db, 1000);
    const otherMerchant = await newMerchant(ctx.app, db);
    const [id] = expectOk(await create(owner, { sku_id: p.skuId, quantity: 1 })).order_ids;
    const orderId = id ?? 0;
    expect(await detail(stranger, orderId)).toMatchObject({ ok: false, error: 'ORDER_NOT_FOUND' });
    expect(await pay(stranger, [orderId])).toMatchObject({ ok: false, error: 'ORDER_NOT_FOUND' });
    for (const url of ['/api/order/cancel', '/api/order/confirm']) {
      expect(await call(ctx.app, 'POST', url, stranger.token, orderStatusResultSchema, { id: orderId })).toMatchObject({
        ok: false,
        error: 'ORDER_NOT_FOUND',
      });
    }
    const list = expectOk(await call(ctx.app, 'GET', '/api/user/order_list', stranger.token, orderListSchema));
    expect(list.list).toEqual([]);
    expectOk(await pay(owner, [orderId]));
    const ship = (who: Buyer) =>
      call(ctx.app, 'POST', '/api/merchant/order_ship', who.token, orderStatusResultSchema, {
        order_id: orderId,
        carrier: 'Yamato',
        tracking_no: 'YT123',
      });
    expect(await ship(otherMerchant)).toMatchObject({ ok: false, error: 'ORDER_NOT_FOUND' });
    expect(await ship(owner)).toMatchObject({ ok: false, error: 'MERCHANT_REQUIRED' });
    expect(await balanceOf(db, `user:${stranger.id}`)).toBe(1000);
    expect(await orderStatus(orderId)).toBe(1);
    expect(expectOk(await ship(merchant))).toEqual({ id: orderId, status: 2 });
    expect(await detail(owner, 0)).toMatchObject({ ok: false, error: 'VALIDATION_FAILED' });
    expect(await call(ctx.app, 'GET', `/api/order/detail?id=${orderId}`, undefined, orderDetailSchema)).toMatchObject({
      ok: false,
      code: 401,
    });
  });

  it('lists orders by the docs/spec.md §4 filters with counts, and follows ship → confirm', async () => {
    const merchant = await newMerchant(ctx.app, db);
    const shop = await newShop(db, merchant.id);
    const p = await newProduct(db, shop.id, { price: 100, stock: 10 });
    const buyer = await newBuyer(ctx.app, db, 1000);
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1)
      ids.push(...expectOk(await create(buyer, { sku_id: p.skuId, quantity: 1 })).order_ids);
    const [a = 0, b = 0, c = 0] = ids;
    expectOk(await pay(buyer, [a, b]));
    expectOk(await call(ctx.app, 'POST', '/api/order/cancel', buyer.token, orderStatusResultSchema, { id: c }));
    expectOk(
      await call(ctx.app, 'POST', '/api/merchant/order_ship', merchant.token, orderStatusResultSchema, {
        order_id: a,
        carrier: 'Yamato',
        tracking_no: 'YT1',
      }),
    );
    const confirm = (id: number) =>
      call(ctx.app, 'POST', '/api/order/confirm', buyer.token, orderStatusResultSchema, { id });
    expect(await confirm(b)).toMatchObject({ ok: false, error: 'ORDER_STATUS_INVALID' });
    expect(expectOk(await confirm(a))).toEqual({ id: a, status: 3 });

    const list = (status: string) =>
      call(ctx.app, 'GET', `/api/user/order_list?status=${status}&limit=2`, buyer.token, orderListSchema);
    const all = expectOk(await list('all'));
    expect(all.counts).toEqual({ all: 3, '0': 0, '1': 1, '2': 0, '3': 1, '4': 0, '-1': 1, '-2': 0, '-4': 0 });
    expect(all.list.map((o) => o.id)).toEqual([c, b]);
    expect(all).toMatchObject({ has_more: true, total: 3 });
    expect(expectOk(await list('-1')).list.map((o) => o.id)).toEqual([c]);
    expect(expectOk(await list('3')).list.map((o) => o.id)).toEqual([a]);
    expect(await list('7')).toMatchObject({ ok: false, error: 'VALIDATION_FAILED' });

    const shown = expectOk(await detail(buyer, a));
    expect(shown).toMatchObject({ carrier: 'Yamato', tracking_no: 'YT1', status: 3 });
    expect(shown.logistics).toHaveLength(1);
    expect(shown.history.map((h) => [h.status, h.actor])).toEqual([
      [0, 'buyer'],
      [1, 'buyer'],
      [2, 'merchant'],
      [3, 'buyer'],
    ]);
  });
});
