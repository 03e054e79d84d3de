import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  merchantDashboardSchema,
  orderCreateResultSchema,
  orderDetailSchema,
  orderStatusResultSchema,
  type RefundRequestInput,
  refundDetailSchema,
  refundPageSchema,
  refundResultSchema,
  verifyPayResultSchema,
} from '@crossmart/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import {
  auditLog,
  notifications,
  orderRefunds,
  orders,
  settings as settingsTable,
  uploads as uploadsTable,
} from '../../db/schema/index.ts';
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
} from '../../test/commerce-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { pngOf, uploadedUrl } from '../../test/upload-fixtures.ts';
import { verifyLedger } from '../ledger/index.ts';
import { settingsChanged } from '../wallet/index.ts';
import { loadOrderSettings, runOrderSweeps } from './index.ts';

let ctx: TestContext;
let db: Database;
let admin: Buyer;
beforeAll(async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'crossmart-refunds-'));
  ctx = await createTestApp({ addressLookup, env: { DATA_DIR: dir } });
  db = ctx.database.db;
  admin = await newUserWithRole(ctx.app, db, 'admin');
});
afterEach(async () => {
  // The books balance after every test, races included.
  expect(await verifyLedger(db)).toMatchObject({ ok: true });
});
afterAll(() => ctx.close());

const day = 86_400_000;
const price = 3000;

const upload = async (token: string, purpose = 'refund') =>
  uploadedUrl(ctx.app, token, await pngOf('#a00', 4), purpose);

interface Sale {
  buyer: Buyer;
  merchant: Buyer;
  shopId: number;
  orderId: number;
  skuId: number;
  total: number;
  picture: string;
}

/** A paid order of a merchant's shop, taken to `status` (1 paid, 2 shipped, 3 received). */
async function sale(status: 0 | 1 | 2 | 3 = 2, quantity = 1): Promise<Sale> {
  const merchant = await newMerchant(ctx.app, db);
  const shop = await newShop(db, merchant.id);
  const product = await newProduct(db, shop.id, { price, stock: 50 });
  const buyer = await newBuyer(ctx.app, db, 100_000);
  const created = expectOk(
    await call(ctx.app, 'POST', '/api/order/create', buyer.token, orderCreateResultSchema, {
      sku_id: product.skuId,
      quantity,
      address_id: knownAddressId,
    }),
  );
  const orderId = created.order_ids[0] ?? 0;
  if (status >= 1) {
    expectOk(
      await call(ctx.app, 'POST', '/api/user/verify_pay', buyer.token, verifyPayResultSchema, {
        order_ids: [orderId],
        paypwd: payCode,
      }),
    );
  }
  if (status >= 2) {
    expectOk(
      await call(ctx.app, 'POST', '/api/merchant/order_ship', merchant.token, orderStatusResultSchema, {
        order_id: orderId,
        carrier: 'Yamato',
        tracking_no: 'T-1',
      }),
    );
  }
  if (status >= 3) {
    expectOk(await call(ctx.app, 'POST', '/api/order/confirm', buyer.token, orderStatusResultSchema, { id: orderId }));
  }
  const picture = await upload(buyer.token);
  return { buyer, merchant, shopId: shop.id, orderId, skuId: product.skuId, total: created.total, picture };
}

const request = (s: Sale, body: Partial<RefundRequestInput> = {}, token = s.buyer.token) =>
  call(ctx.app, 'POST', '/api/order/refund', token, refundResultSchema, {
    order_id: s.orderId,
    type: 'refund_only',
    amount: s.total,
    product_status: 'received',
    reason: 'damaged',
    explanation: 'The box arrived crushed',
    pictures: [s.picture],
    ...body,
  });
const merchantCall = (who: Buyer, action: string, body: object, headers: Record<string, string> = {}) =>
  call(ctx.app, 'POST', `/api/merchant/${action}`, who.token, refundResultSchema, body, headers);
const detail = (who: Buyer, query: string) =>
  call(ctx.app, 'GET', `/api/order/refund_detail?${query}`, who.token, refundDetailSchema);
const orderRow = async (id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0];
const notificationsOf = async (userId: number, kind: string) =>
  db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
const settings = () => loadOrderSettings(db, ctx.config.TIME_ZONE);
const errorOf = (result: { ok: boolean; error?: string }) => (result.ok ? 'ok' : result.error);

describe('refund request', () => {
  it('puts a shipped order in after-sale, tells the merchant once and refuses a second request', async () => {
    const s = await sale(2);
    const result = expectOk(await request(s, { amount: 1000 }));
    expect(result).toMatchObject({ status: 'pending', order_status: -4 });
    expect((await orderRow(s.orderId))?.status).toBe(-4);
    expect(await notificationsOf(s.merchant.id, 'refund_requested')).toHaveLength(1);

    const shown = expectOk(await detail(s.buyer, `order_id=${s.orderId}`));
    expect(shown).toMatchObject({
      id: result.id,
      status: 'pending',
      amount: 1000,
      pictures: [s.picture],
      order_total: s.total,
      refunded_total: 0,
      refundable: s.total,
      steps: [{ step: 'requested', actor: 'buyer', amount: 1000 }],
    });
    expect(shown.due_at).not.toBeNull();
    // The proof is recorded as referenced, so the orphan purge keeps it.
    const [proof] = await db
      .select({ attachedAt: uploadsTable.attachedAt })
      .from(uploadsTable)
      .where(eq(uploadsTable.url, s.picture));
    expect(proof?.attachedAt).not.toBeNull();
    const order = expectOk(
      await call(ctx.app, 'GET', `/api/order/detail?id=${s.orderId}`, s.buyer.token, orderDetailSchema),
    );
    expect(order.refund).toEqual({ id: result.id, status: 'pending' });

    expect(errorOf(await request(s, { amount: 500 }))).toBe('REFUND_ALREADY_SUBMITTED');
    // The merchant's dashboard counts it.
    const dashboard = expectOk(
      await call(ctx.app, 'GET', '/api/merchant/dashboard', s.merchant.token, merchantDashboardSchema),
    );
    expect(dashboard.open_refunds).toBe(1);
  });

  it('refuses wrong states, amounts, pictures and missing fields', async () => {
    const unpaid = await sale(0);
    expect(errorOf(await request(unpaid, { amount: 100 }))).toBe('ORDER_STATUS_INVALID');
    const paid = await sale(1);
    expect(errorOf(await request(paid, { amount: paid.total + 1 }))).toBe('REFUND_AMOUNT_TOO_HIGH');
    expect(errorOf(await request(paid, { amount: 0 }))).toBe('VALIDATION_FAILED');
    expect(errorOf(await request(paid, { amount: -5 }))).toBe('VALIDATION_FAILED');
    expect(errorOf(await request(paid, { pictures: [] }))).toBe('VALIDATION_FAILED');
    expect(errorOf(await request(paid, { explanation: '  ' }))).toBe('VALIDATION_FAILED');
    expect(errorOf(await request(paid, { pictures: Array(7).fill(paid.picture) }))).toBe('VALIDATION_FAILED');
    // Someone else's picture, or a public one, is not proof of this buyer's.
    expect(errorOf(await request(paid, { pictures: [unpaid.picture] }))).toBe('REFUND_PICTURES_INVALID');
    expect(errorOf(await request(paid, { pictures: [await upload(paid.buyer.token, 'review')] }))).toBe(
      'REFUND_PICTURES_INVALID',
    );
    // Cancelled orders cannot be refunded (the cancel already refunded them).
    expectOk(
      await call(ctx.app, 'POST', '/api/order/cancel', paid.buyer.token, orderStatusResultSchema, { id: paid.orderId }),
    );
    expect(errorOf(await request(paid, { amount: 100 }))).toBe('ORDER_STATUS_INVALID');
    expect(await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, paid.orderId))).toHaveLength(0);
  });

  it('keeps other buyers and other shops out, answering like a missing refund', async () => {
    const s = await sale(2);
    const stranger = await newBuyer(ctx.app, db, 0);
    const strangerPicture = await upload(stranger.token);
    expect(errorOf(await request(s, { pictures: [strangerPicture] }, stranger.token))).toBe('ORDER_NOT_FOUND');
    const { id } = expectOk(await request(s));
    expect(errorOf(await detail(stranger, `id=${id}`))).toBe('REFUND_NOT_FOUND');
    expect(errorOf(await detail(stranger, `order_id=${s.orderId}`))).toBe('REFUND_NOT_FOUND');
    const otherShop = await sale(2);
    for (const action of ['refund_approve', 'refund_receive']) {
      expect(errorOf(await merchantCall(otherShop.merchant, action, { id }))).toBe('REFUND_NOT_FOUND');
    }
    expect(errorOf(await merchantCall(otherShop.merchant, 'refund_refuse', { id, reason: 'no' }))).toBe(
      'REFUND_NOT_FOUND',
    );
    expect(
      errorOf(
        await call(
          ctx.app,
          'GET',
          `/api/merchant/refund_detail?id=${id}`,
          otherShop.merchant.token,
          refundDetailSchema,
        ),
      ),
    ).toBe('REFUND_NOT_FOUND');
    const theirs = expectOk(
      await call(ctx.app, 'GET', '/api/merchant/refund_list', otherShop.merchant.token, refundPageSchema),
    );
    expect(theirs.list).toHaveLength(0);
    // The proof picture: the buyer and the shop's merchant may see it, another merchant may not.
    const file = (token: string) =>
      ctx.app.inject({ method: 'GET', url: s.picture, headers: { token } }).then((res) => res.headers['content-type']);
    expect(await file(s.merchant.token)).toBe('image/png');
    expect(await file(s.buyer.token)).toBe('image/png');
    expect(await file(otherShop.merchant.token)).toContain('application/json');
    // A buyer is not a merchant.
    expect(errorOf(await merchantCall(s.buyer, 'refund_approve', { id }))).toBe('MERCHANT_REQUIRED');
  });
});

describe('merchant answers', () => {
  it('approves a full refund: escrow → buyer once, order refunded, buyer told, stock back when unshipped', async () => {
    const s = await sale(1, 2);
    const stockBefore = await skuStock(db, s.skuId);
    const before = await balanceOf(db, `user:${s.buyer.id}`);
    const { id } = expectOk(await request(s));
    const approved = expectOk(await merchantCall(s.merchant, 'refund_approve', { id }));
    expect(approved).toEqual({ id, status: 'refunded', order_status: -2 });
    expect(await balanceOf(db, `user:${s.buyer.id}`)).toBe(before + s.total);
    expect(await orderRow(s.orderId)).toMatchObject({ status: -2, refundedAmount: s.total });
    expect(await skuStock(db, s.skuId)).toBe(stockBefore + 2);
    expect(await notificationsOf(s.buyer.id, 'refund_approved')).toHaveLength(1);
    const shown = expectOk(await detail(s.buyer, `id=${id}`));
    expect(shown.steps.map((step) => [step.step, step.actor])).toEqual([
      ['requested', 'buyer'],
      ['approved', 'merchant'],
      ['refunded', 'merchant'],
    ]);
    expect(shown).toMatchObject({ refundable: 0, due_at: null });
    // Every later answer finds it settled.
    expect(errorOf(await merchantCall(s.merchant, 'refund_approve', { id }))).toBe('REFUND_STATUS_INVALID');
    expect(errorOf(await merchantCall(s.merchant, 'refund_refuse', { id, reason: 'late' }))).toBe(
      'REFUND_STATUS_INVALID',
    );
    expect(errorOf(await request(s, { amount: 1 }))).toBe('ORDER_STATUS_INVALID');
  });

  it('a partial refund returns the order to its status; settlement pays the merchant only the rest', async () => {
    const s = await sale(3);
    const first = expectOk(await request(s, { amount: 1000 }));
    expect(expectOk(await merchantCall(s.merchant, 'refund_approve', { id: first.id }))).toMatchObject({
      status: 'refunded',
      order_status: 3,
    });
    expect(await orderRow(s.orderId)).toMatchObject({ status: 3, refundedAmount: 1000 });
    expect(errorOf(await request(s, { amount: s.total - 999 }))).toBe('REFUND_AMOUNT_TOO_HIGH');
    const second = expectOk(await request(s, { amount: 500 }));
    expectOk(await merchantCall(s.merchant, 'refund_approve', { id: second.id }));
    const order = expectOk(
      await call(ctx.app, 'GET', `/api/order/detail?id=${s.orderId}`, s.buyer.token, orderDetailSchema),
    );
    expect(order).toMatchObject({ status: 3, refunded_amount: 1500 });

    const merchantBefore = await balanceOf(db, `user:${s.merchant.id}`);
    const current = await settings();
    await runOrderSweeps(db, current, new Date(Date.now() + (current.afterSaleDays + 1) * day));
    const payable = s.total - 1500;
    const commission = Math.floor((payable * current.commissionBps) / 10_000);
    expect(await orderRow(s.orderId)).toMatchObject({ status: 4, commission });
    expect(await balanceOf(db, `user:${s.merchant.id}`)).toBe(merchantBefore + payable - commission);
  });

  it('a refusal sends the order back and tells the buyer; the buyer escalates once; an admin decides for the buyer', async () => {
    const s = await sale(2);
    const { id } = expectOk(await request(s, { amount: 2000 }));
    expect(errorOf(await merchantCall(s.merchant, 'refund_refuse', { id, reason: '' }))).toBe('VALIDATION_FAILED');
    expect(expectOk(await merchantCall(s.merchant, 'refund_refuse', { id, reason: 'Used item' }))).toEqual({
      id,
      status: 'refused',
      order_status: 2,
    });
    expect((await orderRow(s.orderId))?.status).toBe(2);
    expect(await notificationsOf(s.buyer.id, 'refund_refused')).toHaveLength(1);
    expect(errorOf(await request(s, { amount: 100 }))).toBe('REFUND_ALREADY_SUBMITTED');
    expect(errorOf(await merchantCall(s.merchant, 'refund_approve', { id }))).toBe('REFUND_STATUS_INVALID');

    const escalate = (who: Buyer) =>
      call(ctx.app, 'POST', '/api/order/refund_escalate', who.token, refundResultSchema, { id, reason: 'It was new' });
    const stranger = await newBuyer(ctx.app, db, 0);
    expect(errorOf(await escalate(stranger))).toBe('REFUND_NOT_FOUND');
    expect(expectOk(await escalate(s.buyer))).toEqual({ id, status: 'escalated', order_status: -4 });
    expect(await notificationsOf(s.merchant.id, 'refund_escalated')).toHaveLength(1);
    expect(errorOf(await escalate(s.buyer))).toBe('REFUND_STATUS_INVALID');

    const queue = expectOk(
      await call(ctx.app, 'GET', '/api/admin/refund_list?status=escalated&limit=50', admin.token, refundPageSchema),
    );
    expect(queue.list.map((row) => row.id)).toContain(id);
    expect(errorOf(await call(ctx.app, 'GET', '/api/admin/refund_list', s.buyer.token, refundPageSchema))).toBe(
      'FORBIDDEN',
    );
    const arbitrate = (body: object) =>
      call(ctx.app, 'POST', '/api/admin/refund_arbitrate', admin.token, refundResultSchema, { id, ...body });
    expect(errorOf(await arbitrate({ decision: 'buyer', note: '' }))).toBe('VALIDATION_FAILED');
    const before = await balanceOf(db, `user:${s.buyer.id}`);
    expect(expectOk(await arbitrate({ decision: 'buyer', note: 'Photos show a new item' }))).toEqual({
      id,
      status: 'refunded',
      order_status: 2,
    });
    expect(await balanceOf(db, `user:${s.buyer.id}`)).toBe(before + 2000);
    expect(await notificationsOf(s.buyer.id, 'refund_decided')).toHaveLength(1);
    expect(errorOf(await arbitrate({ decision: 'merchant', note: 'again' }))).toBe('REFUND_STATUS_INVALID');
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'refund_arbitrate'), eq(auditLog.targetId, String(id))));
    expect(audit).toHaveLength(1);
    const shown = expectOk(await detail(s.buyer, `id=${id}`));
    expect(shown).toMatchObject({
      refuse_reason: 'Used item',
      escalate_reason: 'It was new',
      admin_note: 'Photos show a new item',
    });
    expect(shown.steps.map((step) => step.step)).toEqual([
      'requested',
      'refused',
      'escalated',
      'decided_for_buyer',
      'refunded',
    ]);
  });

  it('an admin deciding for the merchant closes the request and the order goes back', async () => {
    const s = await sale(3);
    const { id } = expectOk(await request(s));
    expectOk(await merchantCall(s.merchant, 'refund_refuse', { id, reason: 'No damage visible' }));
    expectOk(await call(ctx.app, 'POST', '/api/order/refund_escalate', s.buyer.token, refundResultSchema, { id }));
    const before = await balanceOf(db, `user:${s.buyer.id}`);
    expect(
      expectOk(
        await call(ctx.app, 'POST', '/api/admin/refund_arbitrate', admin.token, refundResultSchema, {
          id,
          decision: 'merchant',
          note: 'The photos show no damage',
        }),
      ),
    ).toEqual({ id, status: 'closed', order_status: 3 });
    expect(await balanceOf(db, `user:${s.buyer.id}`)).toBe(before);
    expect(await notificationsOf(s.buyer.id, 'refund_decided')).toHaveLength(1);
    expect(await orderRow(s.orderId)).toMatchObject({ status: 3, refundedAmount: 0 });
  });

  it('a return and refund pays only when the merchant confirms the parcel arrived', async () => {
    const s = await sale(3);
    const { id } = expectOk(await request(s, { type: 'return_and_refund' }));
    const returnCall = (body: object) =>
      call(ctx.app, 'POST', '/api/order/refund_return', s.buyer.token, refundResultSchema, { id, ...body });
    expect(errorOf(await returnCall({ carrier: 'Sagawa', tracking_no: 'R-1' }))).toBe('REFUND_STATUS_INVALID');
    const before = await balanceOf(db, `user:${s.buyer.id}`);
    expect(expectOk(await merchantCall(s.merchant, 'refund_approve', { id }))).toEqual({
      id,
      status: 'awaiting_return',
      order_status: -4,
    });
    expect(await balanceOf(db, `user:${s.buyer.id}`)).toBe(before);
    expect(await notificationsOf(s.buyer.id, 'refund_approved')).toHaveLength(1);
    expect(errorOf(await merchantCall(s.merchant, 'refund_receive', { id }))).toBe('REFUND_STATUS_INVALID');
    expect(errorOf(await returnCall({ carrier: '', tracking_no: 'R-1' }))).toBe('VALIDATION_FAILED');
    expect(expectOk(await returnCall({ carrier: 'Sagawa', tracking_no: 'R-1' }))).toMatchObject({
      status: 'returning',
    });
    expect(await notificationsOf(s.merchant.id, 'refund_return_shipped')).toHaveLength(1);
    expect(errorOf(await returnCall({ carrier: 'Sagawa', tracking_no: 'R-2' }))).toBe('REFUND_STATUS_INVALID');
    expect(expectOk(await merchantCall(s.merchant, 'refund_receive', { id }))).toEqual({
      id,
      status: 'refunded',
      order_status: -2,
    });
    expect(await balanceOf(db, `user:${s.buyer.id}`)).toBe(before + s.total);
    expect(await notificationsOf(s.buyer.id, 'refund_paid')).toHaveLength(1);
    const shown = expectOk(await detail(s.buyer, `id=${id}`));
    expect(shown).toMatchObject({ return_carrier: 'Sagawa', return_tracking_no: 'R-1' });
    expect(shown.steps.map((step) => step.step)).toEqual([
      'requested',
      'approved',
      'return_shipped',
      'return_received',
      'refunded',
    ]);
  });
});

describe('refund timers', () => {
  it('approves an unanswered request after the response days (a setting), pays an unconfirmed return, closes stale ones', async () => {
    await db
      .insert(settingsTable)
      .values({ key: 'refund_response_days', value: 2 })
      .onConflictDoUpdate({ target: settingsTable.key, set: { value: 2 } });
    // Written by hand, not by saveSettings: the settings cache is told (ADR 0013).
    settingsChanged();
    try {
      const current = await settings();
      expect(current.refundResponseDays).toBe(2);
      const unanswered = await sale(2);
      const { id } = expectOk(await request(unanswered));
      const before = await balanceOf(db, `user:${unanswered.buyer.id}`);
      expect((await runOrderSweeps(db, current, new Date(Date.now() + 1.9 * day))).refunds.approved).toBe(0);
      expect(
        (await runOrderSweeps(db, current, new Date(Date.now() + 2.1 * day))).refunds.approved,
      ).toBeGreaterThanOrEqual(1);
      expect(await balanceOf(db, `user:${unanswered.buyer.id}`)).toBe(before + unanswered.total);
      expect(await notificationsOf(unanswered.buyer.id, 'refund_approved')).toHaveLength(1);
      expect(expectOk(await detail(unanswered.buyer, `id=${id}`)).steps.map((step) => step.actor)).toEqual([
        'buyer',
        'system',
        'system',
      ]);

      // A return never shipped back closes and the order goes back where it was.
      const neverShipped = await sale(3);
      const r1 = expectOk(await request(neverShipped, { type: 'return_and_refund' }));
      expectOk(await merchantCall(neverShipped.merchant, 'refund_approve', { id: r1.id }));
      await runOrderSweeps(db, current, new Date(Date.now() + (current.refundReturnDays + 0.1) * day));
      expect(expectOk(await detail(neverShipped.buyer, `id=${r1.id}`)).status).toBe('closed');
      // Back to received, and its after-sale window has closed meanwhile: the same run completes it, unrefunded.
      expect(await orderRow(neverShipped.orderId)).toMatchObject({ status: 4, refundedAmount: 0 });

      // A return shipped but never confirmed pays at the timeout.
      const unconfirmed = await sale(3);
      const r2 = expectOk(await request(unconfirmed, { type: 'return_and_refund' }));
      expectOk(await merchantCall(unconfirmed.merchant, 'refund_approve', { id: r2.id }));
      expectOk(
        await call(ctx.app, 'POST', '/api/order/refund_return', unconfirmed.buyer.token, refundResultSchema, {
          id: r2.id,
          carrier: 'JP',
          tracking_no: 'X',
        }),
      );
      await runOrderSweeps(db, current, new Date(Date.now() + 2.1 * day));
      expect(expectOk(await detail(unconfirmed.buyer, `id=${r2.id}`)).status).toBe('refunded');
      expect((await orderRow(unconfirmed.orderId))?.status).toBe(-2);
      expect(await notificationsOf(unconfirmed.buyer.id, 'refund_paid')).toHaveLength(1);
    } finally {
      await db.delete(settingsTable).where(eq(settingsTable.key, 'refund_response_days'));
      settingsChanged();
    }
  });

  it('never completes an order with an open refund; a refusal not escalated in time closes', async () => {
    const s = await sale(3);
    const { id } = expectOk(await request(s, { amount: 100 }));
    expectOk(await merchantCall(s.merchant, 'refund_refuse', { id, reason: 'No' }));
    const current = await settings();
    // The after-sale window closed long ago, but the refusal may still be escalated: no completion.
    await db
      .update(orders)
      .set({ receivedAt: new Date(Date.now() - 30 * day) })
      .where(eq(orders.id, s.orderId));
    await runOrderSweeps(db, current, new Date(Date.now() + (current.refundEscalateDays - 0.5) * day));
    expect(await orderRow(s.orderId)).toMatchObject({ status: 3, settledAt: null });
    // Past the escalation window the refusal closes, and the same run completes the order.
    const closed = await runOrderSweeps(db, current, new Date(Date.now() + (current.refundEscalateDays + 0.1) * day));
    expect(closed.refunds.closed).toBeGreaterThanOrEqual(1);
    expect(expectOk(await detail(s.buyer, `id=${id}`)).status).toBe('closed');
    expect((await orderRow(s.orderId))?.status).toBe(4);
    expect(
      errorOf(await call(ctx.app, 'POST', '/api/order/refund_escalate', s.buyer.token, refundResultSchema, { id })),
    ).toBe('REFUND_STATUS_INVALID');
  });
});

describe('refund races', () => {
  it('20 concurrent requests on one order make one', async () => {
    const s = await sale(2);
    const results = await Promise.all(Array.from({ length: 20 }, () => request(s, { amount: 700 })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(new Set(results.filter((r) => !r.ok).map(errorOf))).toEqual(new Set(['REFUND_ALREADY_SUBMITTED']));
    expect(await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, s.orderId))).toHaveLength(1);
  });

  it('two concurrent approvals pay back once', async () => {
    const s = await sale(2);
    const { id } = expectOk(await request(s));
    const before = await balanceOf(db, `user:${s.buyer.id}`);
    const results = await Promise.all([
      merchantCall(s.merchant, 'refund_approve', { id }),
      merchantCall(s.merchant, 'refund_approve', { id }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await balanceOf(db, `user:${s.buyer.id}`)).toBe(before + s.total);
  });

  it('a merchant approval racing the automatic approval pays once', async () => {
    const s = await sale(2);
    const { id } = expectOk(await request(s));
    const before = await balanceOf(db, `user:${s.buyer.id}`);
    const current = await settings();
    const late = new Date(Date.now() + (current.refundResponseDays + 1) * day);
    const [answer] = await Promise.all([
      merchantCall(s.merchant, 'refund_approve', { id }),
      runOrderSweeps(db, current, late),
      runOrderSweeps(db, current, late),
    ]);
    expect(answer.ok || errorOf(answer) === 'REFUND_STATUS_INVALID').toBe(true);
    expect(await balanceOf(db, `user:${s.buyer.id}`)).toBe(before + s.total);
    const postings = await db.execute<{ count: number }>(
      sql`select count(*)::int as count from ledger_transactions where kind = 'order_refund' and reference = ${`refund:${id}`}`,
    );
    expect(Number(postings.rows[0]?.count)).toBe(1);
  });

  it('refunds of one order never add up to more than was paid', async () => {
    const s = await sale(2, 3);
    const before = await balanceOf(db, `user:${s.buyer.id}`);
    const share = Math.floor(s.total * 0.4);
    for (let round = 0; round < 4; round += 1) {
      const results = await Promise.all(Array.from({ length: 5 }, () => request(s, { amount: share })));
      const made = results.find((r) => r.ok);
      if (!made?.ok) {
        expect(results.map(errorOf)).toContain('REFUND_AMOUNT_TOO_HIGH');
        continue;
      }
      await Promise.all([
        merchantCall(s.merchant, 'refund_approve', { id: made.data.id }),
        merchantCall(s.merchant, 'refund_approve', { id: made.data.id }),
      ]);
    }
    const order = await orderRow(s.orderId);
    expect(order?.refundedAmount).toBe(share * 2);
    expect(await balanceOf(db, `user:${s.buyer.id}`)).toBe(before + share * 2);
    // The database refuses more even if a bug asked for it.
    await expect(
      db
        .update(orders)
        .set({ refundedAmount: s.total + 1 })
        .where(eq(orders.id, s.orderId)),
    ).rejects.toThrow();
  });
});
