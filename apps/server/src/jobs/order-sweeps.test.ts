import {
  defaultPlatformSettings,
  orderCreateResultSchema,
  orderStatusResultSchema,
  orderSweepResultSchema,
  verifyPayResultSchema,
} from '@crossmart/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { orders, products, settings as settingsTable, shops } from '../db/schema/index.ts';
import { verifyLedger } from '../modules/ledger/index.ts';
import { orderSettingsOf, runOrderSweeps } from '../modules/orders/index.ts';
import { settingsChanged } from '../modules/wallet/index.ts';
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
} from '../test/commerce-fixtures.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { startOrderSweeps } from './order-sweeps.ts';

let ctx: TestContext;
let db: Database;
beforeAll(async () => {
  ctx = await createTestApp({ addressLookup, env: { ORDER_TEST_CLOCK: 'true' } });
  db = ctx.database.db;
});
afterEach(async () => {
  expect(await verifyLedger(db)).toMatchObject({ ok: true });
});
afterAll(() => ctx.close());

const minute = 60_000;
const day = 86_400_000;
const settings = () => orderSettingsOf(defaultPlatformSettings, 'Asia/Tokyo');
const at = (offset: number) => new Date(Date.now() + offset);

async function buy(buyer: Buyer, skuId: number, quantity: number): Promise<number> {
  const created = expectOk(
    await call(ctx.app, 'POST', '/api/order/create', buyer.token, orderCreateResultSchema, {
      sku_id: skuId,
      quantity,
      address_id: knownAddressId,
    }),
  );
  return created.order_ids[0] ?? 0;
}
const pay = async (buyer: Buyer, id: number) =>
  expectOk(
    await call(ctx.app, 'POST', '/api/user/verify_pay', buyer.token, verifyPayResultSchema, {
      order_ids: [id],
      paypwd: payCode,
    }),
  );
const ship = async (merchant: Buyer, id: number) =>
  expectOk(
    await call(ctx.app, 'POST', '/api/merchant/order_ship', merchant.token, orderStatusResultSchema, {
      order_id: id,
      carrier: 'Sagawa',
      tracking_no: `SG${id}`,
    }),
  );
const confirm = async (buyer: Buyer, id: number) =>
  expectOk(await call(ctx.app, 'POST', '/api/order/confirm', buyer.token, orderStatusResultSchema, { id }));
const statusOf = async (id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0];

describe('order timers', () => {
  it('cancels orders unpaid for 30 minutes and gives their stock back', async () => {
    const shop = await newShop(db, null);
    const p = await newProduct(db, shop.id, { price: 400, stock: 5 });
    const buyer = await newBuyer(ctx.app, db, 10_000);
    const unpaid = await buy(buyer, p.skuId, 2);
    const paid = await buy(buyer, p.skuId, 1);
    await pay(buyer, paid);
    expect(await skuStock(db, p.skuId)).toBe(2);

    expect((await runOrderSweeps(db, settings(), at(29 * minute))).cancelled).toBe(0);
    expect((await statusOf(unpaid))?.status).toBe(0);
    expect((await runOrderSweeps(db, settings(), at(31 * minute))).cancelled).toBeGreaterThanOrEqual(1);
    expect((await statusOf(unpaid))?.status).toBe(-1);
    expect((await statusOf(paid))?.status).toBe(1);
    expect(await skuStock(db, p.skuId)).toBe(4);
    expect(await balanceOf(db, `user:${buyer.id}`)).toBe(9600);
  });

  it('receives shipped orders after 10 days, completes and settles them after the 7-day window', async () => {
    const merchant = await newMerchant(ctx.app, db);
    const shop = await newShop(db, merchant.id);
    const p = await newProduct(db, shop.id, { price: 1999, stock: 10, freight: 500 });
    const buyer = await newBuyer(ctx.app, db, 20_000);
    const auto = await buy(buyer, p.skuId, 1);
    const confirmed = await buy(buyer, p.skuId, 2);
    for (const id of [auto, confirmed]) {
      await pay(buyer, id);
      await ship(merchant, id);
    }
    await confirm(buyer, confirmed);
    const escrow = await balanceOf(db, 'escrow');
    const fees = await balanceOf(db, 'fees');

    // 6 days after confirmation the after-sale window is still open.
    expect(await runOrderSweeps(db, settings(), at(6 * day))).toMatchObject({ received: 0, completed: 0 });
    expect((await statusOf(confirmed))?.status).toBe(3);
    // After 7 days the confirmed order completes and is settled; the shipped one is not received yet.
    const first = await runOrderSweeps(db, settings(), at(9 * day));
    expect(first).toMatchObject({ received: 0, completed: 1, settled: 1 });
    expect((await statusOf(auto))?.status).toBe(2);
    expect((await statusOf(confirmed))?.status).toBe(4);
    // 10 days after shipping the buyer is taken to have received it.
    const later = at(10 * day + minute);
    expect(await runOrderSweeps(db, settings(), later)).toMatchObject({ received: 1, completed: 0 });
    expect((await statusOf(auto))?.status).toBe(3);

    // Settlement: total 2 × 1999 + 500 = 4498; commission 5 % rounded down = 224.
    const total = 4498;
    const commission = Math.floor(total * 0.05);
    expect(await balanceOf(db, `user:${merchant.id}`)).toBe(total - commission);
    expect(await balanceOf(db, 'fees')).toBe(fees + commission);
    expect(await balanceOf(db, 'escrow')).toBe(escrow - total);
    expect(await statusOf(confirmed)).toMatchObject({ commission, status: 4 });
    const [product] = await db.select({ sold: products.soldCount }).from(products).where(eq(products.id, p.productId));
    expect(product?.sold).toBe(2);

    // The auto-received order completes 7 days after it was received; a second run settles nothing twice.
    await runOrderSweeps(db, settings(), new Date(later.getTime() + 6 * day));
    expect((await statusOf(auto))?.status).toBe(3);
    const final = await runOrderSweeps(db, settings(), new Date(later.getTime() + 7 * day + minute));
    expect(final).toMatchObject({ completed: 1, settled: 1 });
    expect(await balanceOf(db, `user:${merchant.id}`)).toBe(total - commission + 2499 - Math.floor(2499 * 0.05));
    expect(await runOrderSweeps(db, settings(), new Date(later.getTime() + 30 * day))).toMatchObject({
      completed: 0,
      settled: 0,
    });
    expect(await balanceOf(db, 'escrow')).toBe(escrow - total - 2499);
  });

  it('keeps the money of a shop without owner in escrow until it has one', async () => {
    const merchant = await newMerchant(ctx.app, db);
    const shop = await newShop(db, null);
    const p = await newProduct(db, shop.id, { price: 1000, stock: 3 });
    const buyer = await newBuyer(ctx.app, db, 5000);
    const id = await buy(buyer, p.skuId, 1);
    await pay(buyer, id);
    await db.update(orders).set({ status: 3, shippedAt: new Date(), receivedAt: new Date() }).where(eq(orders.id, id));
    const escrow = await balanceOf(db, 'escrow');
    const run = await runOrderSweeps(db, settings(), at(8 * day));
    expect(run.unsettled).toContain(id);
    expect(await statusOf(id)).toMatchObject({ status: 4, settledAt: null });
    expect(await balanceOf(db, 'escrow')).toBe(escrow);

    await db.update(shops).set({ ownerUserId: merchant.id }).where(eq(shops.id, shop.id));
    const settled = await runOrderSweeps(db, settings(), at(8 * day));
    expect(settled.unsettled).not.toContain(id);
    expect(await balanceOf(db, `user:${merchant.id}`)).toBe(950);
    expect(await balanceOf(db, 'escrow')).toBe(escrow - 1000);
  });

  it('processes each order once when several sweepers run at the same time', async () => {
    const merchant = await newMerchant(ctx.app, db);
    const shop = await newShop(db, merchant.id);
    const p = await newProduct(db, shop.id, { price: 100, stock: 50 });
    const buyer = await newBuyer(ctx.app, db, 10_000);
    const ids: number[] = [];
    // 12 unpaid orders at once: above the default hoarding cap of 5.
    await db.insert(settingsTable).values({ key: 'max_unpaid_orders', value: 20 });
    // Written by hand, not by saveSettings: the settings cache is told (ADR 0013, addendum 2).
    settingsChanged();
    for (let i = 0; i < 12; i += 1) ids.push(await buy(buyer, p.skuId, 1));
    await db.delete(settingsTable).where(eq(settingsTable.key, 'max_unpaid_orders'));
    settingsChanged();
    for (const id of ids.slice(0, 6)) await pay(buyer, id);
    await db
      .update(orders)
      .set({ status: 3, shippedAt: new Date(), receivedAt: new Date() })
      .where(inArray(orders.id, ids.slice(0, 6)));
    const results = await Promise.all(Array.from({ length: 4 }, () => runOrderSweeps(db, settings(), at(8 * day))));
    const sum = (pick: (r: (typeof results)[number]) => number) => results.reduce((s, r) => s + pick(r), 0);
    expect(sum((r) => r.settled)).toBeGreaterThanOrEqual(6);
    expect(await balanceOf(db, `user:${merchant.id}`)).toBe(6 * 95);
    // The 6 unpaid orders were cancelled once each: their stock is back, the paid ones keep theirs.
    expect(await skuStock(db, p.skuId)).toBe(44);
    const rows = await db.select({ status: orders.status }).from(orders).where(inArray(orders.id, ids));
    expect(rows.filter((row) => row.status === 4)).toHaveLength(6);
    expect(rows.filter((row) => row.status === -1)).toHaveLength(6);
  });
});

describe('admin sweep call', () => {
  it('runs the sweeps for admins only, with the test clock moved ahead', async () => {
    const shop = await newShop(db, null);
    const p = await newProduct(db, shop.id, { price: 100, stock: 3 });
    const buyer = await newBuyer(ctx.app, db);
    const admin = await newUserWithRole(ctx.app, db, 'admin');
    const id = await buy(buyer, p.skuId, 1);
    const sweep = (token: string, advance: number) =>
      call(ctx.app, 'POST', '/api/admin/order_sweeps', token, orderSweepResultSchema, { advance_minutes: advance });
    expect(await sweep(buyer.token, 31)).toMatchObject({ ok: false, error: 'FORBIDDEN' });
    expectOk(await sweep(admin.token, 0));
    expect((await statusOf(id))?.status).toBe(0);
    expect(expectOk(await sweep(admin.token, 31)).cancelled).toBeGreaterThanOrEqual(1);
    expect((await statusOf(id))?.status).toBe(-1);
    expect(await skuStock(db, p.skuId)).toBe(3);
  });
});

describe('scheduler', () => {
  it('runs the sweeps on its interval with its clock, and stops', async () => {
    const shop = await newShop(db, null);
    const p = await newProduct(db, shop.id, { price: 100, stock: 3 });
    const buyer = await newBuyer(ctx.app, db);
    const id = await buy(buyer, p.skuId, 1);
    const sweeps = startOrderSweeps({
      db,
      intervalMs: 20,
      timeZone: 'Asia/Tokyo',
      log: ctx.app.log,
      clock: () => at(31 * minute),
    });
    const deadline = Date.now() + 10_000;
    while ((await statusOf(id))?.status !== -1 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await sweeps.stop();
    expect((await statusOf(id))?.status).toBe(-1);
    expect(await skuStock(db, p.skuId)).toBe(3);
  });

  it('reads the admin-edited timers and commission on every run', async () => {
    const merchant = await newMerchant(ctx.app, db);
    const shop = await newShop(db, merchant.id);
    const p = await newProduct(db, shop.id, { price: 1000, stock: 3 });
    const buyer = await newBuyer(ctx.app, db, 5000);
    const unpaid = await buy(buyer, p.skuId, 1);
    const paid = await buy(buyer, p.skuId, 1);
    await pay(buyer, paid);
    const twoDaysAgo = at(-2 * day);
    await db
      .update(orders)
      .set({ status: 3, shippedAt: twoDaysAgo, receivedAt: twoDaysAgo })
      .where(eq(orders.id, paid));
    await db.insert(settingsTable).values([
      { key: 'order_unpaid_minutes', value: 5 },
      { key: 'order_after_sale_days', value: 1 },
      { key: 'commission_rate_bp', value: 1000 },
    ]);
    settingsChanged();
    try {
      const sweeps = startOrderSweeps({
        db,
        intervalMs: 20,
        timeZone: 'Asia/Tokyo',
        log: ctx.app.log,
        clock: () => at(10 * minute),
      });
      const deadline = Date.now() + 10_000;
      while ((await statusOf(paid))?.status !== 4 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await sweeps.stop();
      // Under the defaults (30 minutes, 7 days) neither order would have moved yet.
      expect((await statusOf(unpaid))?.status).toBe(-1);
      expect(await statusOf(paid)).toMatchObject({ status: 4, commission: 100 });
      expect(await balanceOf(db, `user:${merchant.id}`)).toBe(900);
    } finally {
      await db.delete(settingsTable);
      settingsChanged();
    }
  });
});
