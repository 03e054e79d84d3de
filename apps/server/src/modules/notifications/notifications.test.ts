import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  notificationPageSchema,
  notificationReadResultSchema,
  notificationUnreadSchema,
  orderCreateResultSchema,
  orderStatusResultSchema,
  rechargeSchema,
  supportMessageSchema,
  supportReadResultSchema,
  verifyPayResultSchema,
  withdrawalSchema,
} from '@crossmart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import {
  addressLookup,
  type Buyer,
  call,
  expectOk,
  giveBalance,
  knownAddressId,
  newBuyer,
  newMerchant,
  newProduct,
  newShop,
  newUserWithRole,
  payCode,
} from '../../test/commerce-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { pngOf, uploadedUrl } from '../../test/upload-fixtures.ts';
import { loadOrderSettings, sweepAutoReceive } from '../orders/index.ts';

let ctx: TestContext;
let db: Database;
let admin: Buyer;
beforeAll(async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'crossmart-notifications-'));
  ctx = await createTestApp({ addressLookup, env: { DATA_DIR: dir } });
  db = ctx.database.db;
  admin = await newUserWithRole(ctx.app, db, 'admin');
});
afterAll(() => ctx.close());

const list = async (user: Buyer) =>
  expectOk(await call(ctx.app, 'GET', '/api/notification/list?limit=50', user.token, notificationPageSchema)).list;
const unread = async (user: Buyer) =>
  expectOk(await call(ctx.app, 'GET', '/api/notification/unread', user.token, notificationUnreadSchema));

const upload = async (token: string, purpose: string) => uploadedUrl(ctx.app, token, await pngOf('#0a0', 4), purpose);

describe('notifications are created by their events', () => {
  it('order paid, shipped and delivered (auto-receive) notify the buyer with the order number', async () => {
    const merchant = await newMerchant(ctx.app, db);
    const shop = await newShop(db, merchant.id);
    const product = await newProduct(db, shop.id, { price: 700, stock: 5 });
    const buyer = await newBuyer(ctx.app, db, 5000);
    const created = expectOk(
      await call(ctx.app, 'POST', '/api/order/create', buyer.token, orderCreateResultSchema, {
        address_id: knownAddressId,
        sku_id: product.skuId,
        quantity: 1,
      }),
    );
    const orderId = created.order_ids[0] ?? 0;
    const orderNo = created.orders[0]?.order_no;
    expect(await list(buyer)).toEqual([]);

    expectOk(
      await call(ctx.app, 'POST', '/api/user/verify_pay', buyer.token, verifyPayResultSchema, {
        order_ids: [orderId],
        paypwd: payCode,
      }),
    );
    expect(await list(buyer)).toMatchObject([
      { kind: 'order_paid', ref: `order:${orderId}`, params: { order_no: orderNo, amount: 700 }, is_read: false },
    ]);

    expectOk(
      await call(ctx.app, 'POST', '/api/merchant/order_ship', merchant.token, orderStatusResultSchema, {
        order_id: orderId,
        carrier: 'Yamato',
        tracking_no: 'YT9',
      }),
    );
    const afterShip = await list(buyer);
    expect(afterShip[0]).toMatchObject({
      kind: 'order_shipped',
      ref: `order:${orderId}`,
      params: { order_no: orderNo, carrier: 'Yamato', tracking_no: 'YT9' },
    });

    const settings = await loadOrderSettings(db, ctx.config.TIME_ZONE);
    expect(await sweepAutoReceive(db, settings, new Date(Date.now() + 60 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect((await list(buyer)).map((n) => n.kind)).toEqual(['order_delivered', 'order_shipped', 'order_paid']);
    // The merchant is told nothing about the buyer's payment by these kinds.
    expect(await list(merchant)).toEqual([]);
  });

  it('recharge and withdrawal audit results, passed and refused', async () => {
    const user = await newBuyer(ctx.app, db);
    const recharge = async (amount: number) =>
      expectOk(
        await call(ctx.app, 'POST', '/api/user/recharge', user.token, rechargeSchema, {
          method: 'bank',
          amount,
          image: await upload(user.token, 'evidence'),
        }),
      ).id;
    const first = await recharge(3000);
    const second = await recharge(500);
    expectOk(
      await call(ctx.app, 'POST', '/api/admin/recharge_audit', admin.token, rechargeSchema, {
        id: first,
        status: 1,
        actual_amount: 2900,
      }),
    );
    expectOk(
      await call(ctx.app, 'POST', '/api/admin/recharge_audit', admin.token, rechargeSchema, {
        id: second,
        status: 2,
        reason: 'No transfer found',
      }),
    );
    await giveBalance(db, user.id, 10_000);
    const withdraw = async () =>
      expectOk(
        await call(ctx.app, 'POST', '/api/user/extract', user.token, withdrawalSchema, {
          type: 'bank',
          amount: 2000,
          bank_card: '1234',
          bank_name: 'MUFG',
          holder: 'Taro',
          paypwd: payCode,
        }),
      ).id;
    const w1 = await withdraw();
    const w2 = await withdraw();
    expectOk(
      await call(ctx.app, 'POST', '/api/admin/extract_audit', admin.token, withdrawalSchema, { id: w1, status: 1 }),
    );
    expectOk(
      await call(ctx.app, 'POST', '/api/admin/extract_audit', admin.token, withdrawalSchema, {
        id: w2,
        status: 2,
        reason: 'Card closed',
      }),
    );
    const byRef = new Map((await list(user)).map((n) => [n.ref, n]));
    expect(byRef.get(`recharge:${first}`)).toMatchObject({
      kind: 'recharge_passed',
      params: { amount: 3000, actual_amount: 2900 },
    });
    expect(byRef.get(`recharge:${second}`)).toMatchObject({
      kind: 'recharge_refused',
      params: { amount: 500, reason: 'No transfer found' },
    });
    expect(byRef.get(`withdrawal:${w1}`)).toMatchObject({
      kind: 'withdrawal_passed',
      params: { amount: 2000, actual_amount: 1980 },
    });
    expect(byRef.get(`withdrawal:${w2}`)).toMatchObject({
      kind: 'withdrawal_refused',
      params: { reason: 'Card closed' },
    });
    expect(await unread(user)).toEqual({ notifications: 4, service: 0, total: 4 });
  });

  it('a service reply notifies once while unread, and opening the chat reads it', async () => {
    const user = await newBuyer(ctx.app, db);
    expectOk(
      await call(ctx.app, 'POST', '/api/service/send', user.token, supportMessageSchema, {
        kind: 'text',
        body: 'Hello',
      }),
    );
    expect(await list(user)).toEqual([]);
    const reply = (body: string) =>
      call(ctx.app, 'POST', '/api/admin/service_reply', admin.token, supportMessageSchema, {
        user_id: user.id,
        kind: 'text',
        body,
      });
    expectOk(await reply('Hi, how can I help?'));
    expectOk(await reply('Are you there?'));
    const shown = await list(user);
    expect(shown).toMatchObject([{ kind: 'service_reply', ref: 'service', is_read: false }]);
    expect(shown[0]?.params.agent).toEqual(expect.any(String));
    expect(await unread(user)).toEqual({ notifications: 1, service: 2, total: 3 });

    expectOk(await call(ctx.app, 'POST', '/api/service/read', user.token, supportReadResultSchema));
    expect(await unread(user)).toEqual({ notifications: 0, service: 0, total: 0 });
    expect((await list(user))[0]?.is_read).toBe(true);
    // A new reply after reading is a new line.
    expectOk(await reply('One more thing'));
    expect((await list(user)).map((n) => n.is_read)).toEqual([false, true]);
  });
});

describe('reading notifications', () => {
  it('marks read by id (own only) or all; a user never sees another user’s notifications', async () => {
    const alice = await newBuyer(ctx.app, db);
    const bob = await newBuyer(ctx.app, db);
    for (const user of [alice, bob]) {
      expectOk(
        await call(ctx.app, 'POST', '/api/service/send', user.token, supportMessageSchema, { kind: 'text', body: 'x' }),
      );
    }
    for (const user of [alice, bob]) {
      await call(ctx.app, 'POST', '/api/admin/service_reply', admin.token, supportMessageSchema, {
        user_id: user.id,
        kind: 'text',
        body: 'answer',
      });
    }
    await giveBalance(db, alice.id, 5000);
    const w = expectOk(
      await call(ctx.app, 'POST', '/api/user/extract', alice.token, withdrawalSchema, {
        type: 'chain',
        amount: 1000,
        network: 'TRC20',
        address: 'TAddr',
        paypwd: payCode,
      }),
    );
    expectOk(
      await call(ctx.app, 'POST', '/api/admin/extract_audit', admin.token, withdrawalSchema, { id: w.id, status: 1 }),
    );

    const aliceList = await list(alice);
    const bobList = await list(bob);
    expect(aliceList).toHaveLength(2);
    expect(bobList).toHaveLength(1);
    const bobsId = bobList[0]?.id ?? 0;
    expect(aliceList.map((n) => n.id)).not.toContain(bobsId);

    // Alice cannot mark Bob's notification read.
    const read = (user: Buyer, body: object) =>
      call(ctx.app, 'POST', '/api/notification/read', user.token, notificationReadResultSchema, body);
    expect(expectOk(await read(alice, { ids: [bobsId] }))).toEqual({ updated: 0 });
    expect((await list(bob))[0]?.is_read).toBe(false);

    const first = aliceList[0]?.id ?? 0;
    expect(expectOk(await read(alice, { ids: [first] }))).toEqual({ updated: 1 });
    expect((await unread(alice)).notifications).toBe(1);
    expect(expectOk(await read(alice, { all: true }))).toEqual({ updated: 1 });
    expect((await unread(alice)).notifications).toBe(0);
    expect((await unread(bob)).notifications).toBe(1);

    expect(await read(alice, {})).toMatchObject({ ok: false, error: 'VALIDATION_FAILED' });
    expect(await call(ctx.app, 'GET', '/api/notification/list', undefined, notificationPageSchema)).toMatchObject({
      ok: false,
      code: 401,
    });
  });
});
