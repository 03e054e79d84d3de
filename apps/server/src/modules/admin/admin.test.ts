import {
  adminActionResultSchema,
  adminOrderDetailSchema,
  adminOrderPageSchema,
  adminUserDetailSchema,
  adminUserPageSchema,
  auditLogPageSchema,
  cartItemRowSchema,
  dashboardSchema,
  merchantInfoSchema,
  orderCreateResultSchema,
  rechargeSchema,
  verifyPayResultSchema,
} from '@crossmart/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recharges } from '../../db/schema/index.ts';
import {
  addressLookup,
  type Buyer,
  call,
  expectOk,
  knownAddressId,
  newBuyer,
  newProduct,
  newShop,
  newUserWithRole,
  payCode,
} from '../../test/commerce-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { getUserBalance, verifyLedger } from '../ledger/index.ts';

let ctx: TestContext;
const db = () => ctx.database.db;
let admin: Buyer;
let secondAdmin: Buyer;
let support: Buyer;

beforeAll(async () => {
  ctx = await createTestApp({ addressLookup });
  admin = await newUserWithRole(ctx.app, db(), 'admin');
  secondAdmin = await newUserWithRole(ctx.app, db(), 'admin');
  support = await newUserWithRole(ctx.app, db(), 'admin');
  await db().execute(sql`update users set admin_role = 'support' where id = ${support.id}`);
});
afterEach(async () => {
  expect(await verifyLedger(db())).toMatchObject({ ok: true });
});
afterAll(() => ctx.close());

const adminCall = <T extends Parameters<typeof call>[4]>(
  who: Buyer,
  method: 'GET' | 'POST',
  url: string,
  schema: T,
  body?: unknown,
) => call(ctx.app, method, url, who.token, schema, body);
const anything = adminActionResultSchema;

async function newRecharge(userId: number, amount: number): Promise<number> {
  const [row] = await db().insert(recharges).values({ userId, method: 'manual', amount }).returning();
  return row?.id ?? 0;
}

describe('four eyes on money', () => {
  it('refuses an admin auditing their own recharge', async () => {
    const id = await newRecharge(admin.id, 500);
    const own = await adminCall(admin, 'POST', '/api/admin/recharge_audit', rechargeSchema, {
      id,
      status: 1,
      actual_amount: 500,
    });
    expect(own).toMatchObject({ ok: false, error: 'AUDIT_OWN_RECORD' });
    // Another admin may.
    expectOk(
      await adminCall(secondAdmin, 'POST', '/api/admin/recharge_audit', rechargeSchema, {
        id,
        status: 1,
        actual_amount: 500,
      }),
    );
    expect(await getUserBalance(db(), admin.id)).toBe(500);
  });

  it('needs a second super admin above the threshold, with the same amount; support may not audit at all', async () => {
    const buyer = await newBuyer(ctx.app, db());
    const id = await newRecharge(buyer.id, 200_000);
    const body = { id, status: 1, actual_amount: 150_000 };
    expect(await adminCall(support, 'POST', '/api/admin/recharge_audit', rechargeSchema, body)).toMatchObject({
      ok: false,
      error: 'FORBIDDEN',
    });
    const first = expectOk(await adminCall(admin, 'POST', '/api/admin/recharge_audit', rechargeSchema, body));
    expect(first.status).toBe(0);
    expect(await getUserBalance(db(), buyer.id)).toBe(0);
    // The same admin again: refused; another with a different amount: refused.
    expect(await adminCall(admin, 'POST', '/api/admin/recharge_audit', rechargeSchema, body)).toMatchObject({
      ok: false,
      error: 'SECOND_APPROVER_REQUIRED',
    });
    expect(
      await adminCall(secondAdmin, 'POST', '/api/admin/recharge_audit', rechargeSchema, {
        ...body,
        actual_amount: 140_000,
      }),
    ).toMatchObject({ ok: false, error: 'SECOND_APPROVAL_MISMATCH' });
    const second = expectOk(await adminCall(secondAdmin, 'POST', '/api/admin/recharge_audit', rechargeSchema, body));
    expect(second.status).toBe(1);
    expect(await getUserBalance(db(), buyer.id)).toBe(150_000);
    const log = expectOk(
      await adminCall(
        admin,
        'GET',
        `/api/admin/audit_log?target_type=recharge&target_id=${id}&order=asc`,
        auditLogPageSchema,
      ),
    );
    expect(log.list.map((row) => [row.action, row.admin_id])).toEqual([
      ['recharge_first_approval', admin.id],
      ['recharge_pass', secondAdmin.id],
    ]);
  });
});

describe('users', () => {
  it('finds a user by account, email, mobile or id; freezing ends sessions and refuses login with a message', async () => {
    const user = await newBuyer(ctx.app, db());
    const detail = expectOk(
      await adminCall(support, 'GET', `/api/admin/user_detail?id=${user.id}`, adminUserDetailSchema),
    );
    for (const q of [detail.user.account.toUpperCase(), detail.user.email, detail.user.mobile, String(user.id)]) {
      const found = expectOk(
        await adminCall(support, 'GET', `/api/admin/user_list?q=${encodeURIComponent(q ?? '')}`, adminUserPageSchema),
      );
      expect(found.list.map((row) => row.id)).toContain(user.id);
    }
    expect(detail.sessions.length).toBeGreaterThan(0);

    expect(
      await adminCall(support, 'POST', '/api/admin/user_freeze', anything, { id: user.id, reason: 'x' }),
    ).toMatchObject({ ok: false, error: 'FORBIDDEN' });
    expect(await adminCall(admin, 'POST', '/api/admin/user_freeze', anything, { id: user.id })).toMatchObject({
      ok: false,
      error: 'VALIDATION_FAILED',
    });
    expectOk(
      await adminCall(admin, 'POST', '/api/admin/user_freeze', anything, { id: user.id, reason: 'chargebacks' }),
    );
    // The old token no longer works; login answers the localized "disabled" message.
    const info = await ctx.app.inject({ method: 'GET', url: '/api/user/getUserInfo', headers: { token: user.token } });
    expect(info.json().code).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { lang: 'en' },
      payload: { account: detail.user.account, password: 'secret123' },
    });
    expect(login.json()).toMatchObject({
      code: 0,
      error: 'ACCOUNT_DISABLED',
      msg: expect.stringContaining('disabled'),
    });
    const jp = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { lang: 'jp' },
      payload: { account: detail.user.account, password: 'secret123' },
    });
    expect(jp.json().msg).toContain('停止');

    expectOk(await adminCall(admin, 'POST', '/api/admin/user_unfreeze', anything, { id: user.id }));
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { lang: 'en' },
      payload: { account: detail.user.account, password: 'secret123' },
    });
    expect(again.json().code).toBe(1);
    // Admins are not frozen from the console.
    expect(
      await adminCall(admin, 'POST', '/api/admin/user_freeze', anything, { id: secondAdmin.id, reason: 'x' }),
    ).toMatchObject({ ok: false, error: 'FORBIDDEN' });
  });
});

describe('shops and products', () => {
  it('a suspended shop’s products cannot be added to a cart or paid; the merchant sees why; restore brings them back', async () => {
    const merchant = await newUserWithRole(ctx.app, db(), 'merchant');
    const shop = await newShop(db(), merchant.id);
    const product = await newProduct(db(), shop.id, { price: 300, stock: 10 });
    const buyer = await newBuyer(ctx.app, db(), 10_000);
    const order = expectOk(
      await call(ctx.app, 'POST', '/api/order/create', buyer.token, orderCreateResultSchema, {
        sku_id: product.skuId,
        quantity: 1,
        address_id: knownAddressId,
      }),
    );

    expectOk(
      await adminCall(admin, 'POST', '/api/admin/shop_suspend', anything, { id: shop.id, reason: 'Counterfeit goods' }),
    );
    const detail = await ctx.app.inject({
      url: `/api/product/detail?id=${product.productId}`,
      headers: { lang: 'en' },
    });
    expect(detail.json().code).toBe(0);
    expect(
      await call(ctx.app, 'POST', '/api/cart/add', buyer.token, cartItemRowSchema, {
        sku_id: product.skuId,
        quantity: 1,
      }),
    ).toMatchObject({ ok: false, error: 'PRODUCT_UNAVAILABLE' });
    const orderIds = order.order_ids;
    expect(
      await call(ctx.app, 'POST', '/api/user/verify_pay', buyer.token, verifyPayResultSchema, {
        order_ids: orderIds,
        paypwd: payCode,
      }),
    ).toMatchObject({ ok: false, error: 'PRODUCT_UNAVAILABLE' });
    const info = expectOk(await call(ctx.app, 'GET', '/api/merchant/info', merchant.token, merchantInfoSchema));
    expect(info.shop).toMatchObject({ status: -1, suspend_reason: 'Counterfeit goods' });

    expectOk(await adminCall(admin, 'POST', '/api/admin/shop_restore', anything, { id: shop.id }));
    expectOk(
      await call(ctx.app, 'POST', '/api/user/verify_pay', buyer.token, verifyPayResultSchema, {
        order_ids: orderIds,
        paypwd: payCode,
      }),
    );

    // A product taken down leaves the shop app the same way.
    expectOk(
      await adminCall(admin, 'POST', '/api/admin/product_take_down', anything, {
        id: product.productId,
        reason: 'Unsafe',
      }),
    );
    expect(
      await call(ctx.app, 'POST', '/api/cart/add', buyer.token, cartItemRowSchema, {
        sku_id: product.skuId,
        quantity: 1,
      }),
    ).toMatchObject({ ok: false, error: 'PRODUCT_UNAVAILABLE' });

    // The order is found by its number, with its history and the payment's ledger transaction.
    const orderNo = order.orders[0]?.order_no ?? '';
    const found = expectOk(
      await adminCall(support, 'GET', `/api/admin/order_list?order_no=${orderNo}`, adminOrderPageSchema),
    );
    expect(found.list.map((row) => row.order_no)).toEqual([orderNo]);
    const full = expectOk(
      await adminCall(support, 'GET', `/api/admin/order_detail?id=${found.list[0]?.id}`, adminOrderDetailSchema),
    );
    expect(full.status_history.map((row) => row.status)).toEqual([0, 1]);
    expect(full.transactions.map((row) => row.kind)).toEqual(['order_payment']);
    expect(full.transactions[0]?.entries.reduce((sum, entry) => sum + entry.amount, 0)).toBe(0);
  });
});

describe('dashboard', () => {
  it('counts today’s paid orders and GMV in the platform time zone, and the waiting queues', async () => {
    const before = expectOk(await adminCall(support, 'GET', '/api/admin/dashboard', dashboardSchema));
    const shop = await newShop(db(), null);
    const product = await newProduct(db(), shop.id, { price: 700, stock: 10 });
    const buyer = await newBuyer(ctx.app, db(), 10_000);
    const order = expectOk(
      await call(ctx.app, 'POST', '/api/order/create', buyer.token, orderCreateResultSchema, {
        sku_id: product.skuId,
        quantity: 2,
        address_id: knownAddressId,
      }),
    );
    expectOk(
      await call(ctx.app, 'POST', '/api/user/verify_pay', buyer.token, verifyPayResultSchema, {
        order_ids: order.order_ids,
        paypwd: payCode,
      }),
    );
    await newRecharge(buyer.id, 100);
    const after = expectOk(await adminCall(support, 'GET', '/api/admin/dashboard', dashboardSchema));
    expect(after.today.gmv - before.today.gmv).toBe(1400);
    expect(after.today.paid_orders - before.today.paid_orders).toBe(1);
    expect(after.days30.gmv - before.days30.gmv).toBe(1400);
    expect(after.today.new_users - before.today.new_users).toBe(1);
    expect(after.today.new_shops - before.today.new_shops).toBe(1);
    expect(after.daily_gmv).toHaveLength(30);
    expect((after.daily_gmv.at(-1)?.gmv ?? 0) - (before.daily_gmv.at(-1)?.gmv ?? 0)).toBe(1400);
    const queue = (d: typeof after) => d.queues.find((row) => row.key === 'recharges')?.count ?? 0;
    expect(queue(after) - queue(before)).toBe(1);
  });
});
