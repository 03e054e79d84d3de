/**
 * D. Cross-object access: buyer B and merchant B call every by-id route on buyer A's and merchant
 * A's objects. "Not yours" must answer exactly like "missing" (same code, error, message and
 * fields), so that ids cannot be probed; the lists of B never hold A's objects.
 */
import { maxRowId } from '@crossmart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrderSettings, runOrderSweeps } from '../../modules/orders/index.ts';
import { addressLookup, knownAddressId, newProduct, payCode } from '../commerce-fixtures.ts';
import { createTestApp, type TestContext } from '../test-app.ts';
import { pngOf, uploadedUrl } from '../upload-fixtures.ts';
import { recordFigures } from './figures.ts';
import { outcomeOf } from './lib-cd-answers.ts';
import { apiOnlyEnv, type Cast, createCast, type LiveRole } from './lib-cd-roles.ts';

let ctx: TestContext;
let cast: Cast;
beforeAll(async () => {
  ctx = await createTestApp({ addressLookup, env: apiOnlyEnv });
  cast = await createCast(ctx.app, ctx.database.db);
});
afterAll(async () => {
  await ctx?.close();
});

async function call(role: LiveRole, method: 'GET' | 'POST', url: string, body?: unknown) {
  const token = await cast.token(role);
  const res = await ctx.app.inject({
    method,
    url,
    headers: { lang: 'en', ...(token ? { token } : {}) },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  return res;
}

/** The data of a success; fails the set-up with the envelope otherwise. */
async function made<T>(role: LiveRole, method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const res = await call(role, method, url, body);
  const envelope = res.json() as { code: number; data: T };
  if (envelope.code !== 1) throw new Error(`${method} ${url} as ${role}: ${res.body}`);
  return envelope.data;
}

/** What a caller can compare between two answers: everything but the request id. */
function comparable(body: string) {
  const { request_id: _id, ...rest } = JSON.parse(body) as Record<string, unknown>;
  return rest;
}

interface Probe {
  resource: string;
  role: LiveRole;
  method: 'GET' | 'POST';
  /** The request for an object id (A's, or a missing one). */
  request: (id: number | string) => { url: string; body?: unknown };
  /** A's object. */
  id: number | string;
  /** An id that does not exist. */
  missing: number | string;
}

describe('D. cross-object access', () => {
  it("B's calls on A's objects answer exactly like calls on missing ones", async () => {
    const { shops } = cast;
    const db = ctx.database.db;
    const product = await newProduct(db, shops.merchantA, { price: 1000, stock: 100 });

    const address = await made<{ id: number }>('buyerA', 'POST', '/api/user/address_add', {
      name: 'Yamada Hanako',
      mobile: '+81 90-1234-5678',
      area: { codes: ['JP', 'JP-13', 'JP-13-shinjuku'], text: '日本 / 東京都 / 新宿区' },
      address: '1-2-3 Nishi-Shinjuku, Room 405',
      tag: 'home',
    });
    const cartLine = await made<{ id: number }>('buyerA', 'POST', '/api/cart/add', { sku_id: product.skuId });
    const order = async () => {
      const created = await made<{ order_ids: number[] }>('buyerA', 'POST', '/api/order/create', {
        sku_id: product.skuId,
        quantity: 1,
        address_id: knownAddressId,
      });
      const orderId = created.order_ids[0] ?? 0;
      await made('buyerA', 'POST', '/api/user/verify_pay', { order_ids: [orderId], paypwd: payCode });
      await made('merchantA', 'POST', '/api/merchant/order_ship', {
        order_id: orderId,
        carrier: 'Yamato',
        tracking_no: 'T-1',
      });
      return orderId;
    };
    // A completed order to review: received, then past the after-sale days by the sweeps.
    const reviewedOrder = await order();
    await made('buyerA', 'POST', '/api/order/confirm', { id: reviewedOrder });
    const settings = await loadOrderSettings(db, ctx.config.TIME_ZONE);
    await runOrderSweeps(db, settings, new Date(Date.now() + (settings.afterSaleDays + 1) * 86_400_000));
    const refundedOrder = await order();
    const picture = await uploadedUrl(ctx.app, await tokenOf('buyerA'), await pngOf('#a00', 8), 'refund');
    const refund = await made<{ id: number }>('buyerA', 'POST', '/api/order/refund', {
      order_id: refundedOrder,
      type: 'refund_only',
      amount: 1000,
      product_status: 'received',
      reason: 'damaged',
      explanation: 'The box arrived crushed',
      pictures: [picture],
    });
    const detail = await made<{ items: Array<{ id: number }> }>(
      'buyerA',
      'GET',
      `/api/order/detail?id=${reviewedOrder}`,
    );
    const itemId = detail.items[0]?.id ?? 0;
    await made('buyerA', 'POST', '/api/order/comment', {
      order_id: reviewedOrder,
      item_id: itemId,
      product_score: 5,
      service_score: 5,
      postage_score: 5,
      content: 'Arrived quickly, works well',
    });
    const reviews = await made<{ list: Array<{ id: number }> }>('merchantA', 'GET', '/api/merchant/review_list');
    const reviewId = reviews.list[0]?.id ?? 0;
    const promo = await made<{ id: number }>('merchantA', 'POST', '/api/merchant/promo_save', {
      code: `CD${Date.now() % 1e8}`,
      type: 'fixed',
      value: 100,
      starts_at: new Date(Date.now() - 3_600_000).toISOString(),
      ends_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const notifications = await made<{ list: Array<{ id: number }> }>('buyerA', 'GET', '/api/notification/list');
    const notificationId = notifications.list[0]?.id ?? 0;
    expect(notificationId, 'buyer A has a notification (order shipped)').toBeGreaterThan(0);
    const privateName = picture.split('/').pop() ?? '';

    const missing = maxRowId;
    const probes: Probe[] = [
      ...(['buyerB', 'merchantB'] as const).flatMap((role): Probe[] => [
        {
          resource: 'address',
          role,
          method: 'GET',
          request: (id) => ({ url: `/api/user/address?id=${id}` }),
          id: address.id,
          missing,
        },
        {
          resource: 'address',
          role,
          method: 'POST',
          request: (id) => ({ url: '/api/user/address_set_default', body: { id } }),
          id: address.id,
          missing,
        },
        {
          resource: 'address',
          role,
          method: 'GET',
          request: (id) => ({ url: `/api/user/address_del?id=${id}` }),
          id: address.id,
          missing,
        },
        {
          resource: 'cart line',
          role,
          method: 'POST',
          request: (id) => ({ url: '/api/cart/update', body: { id, quantity: 2 } }),
          id: cartLine.id,
          missing,
        },
        {
          resource: 'cart line',
          role,
          method: 'POST',
          request: (id) => ({ url: '/api/cart/delete', body: { ids: [id] } }),
          id: cartLine.id,
          missing,
        },
        {
          resource: 'order',
          role,
          method: 'GET',
          request: (id) => ({ url: `/api/order/detail?id=${id}` }),
          id: reviewedOrder,
          missing,
        },
        {
          resource: 'order',
          role,
          method: 'POST',
          request: (id) => ({ url: '/api/order/cancel', body: { id } }),
          id: refundedOrder,
          missing,
        },
        {
          resource: 'order',
          role,
          method: 'POST',
          request: (id) => ({ url: '/api/order/confirm', body: { id } }),
          id: refundedOrder,
          missing,
        },
        {
          resource: 'order',
          role,
          method: 'POST',
          request: (id) => ({ url: '/api/user/verify_pay', body: { order_ids: [id], paypwd: payCode } }),
          id: refundedOrder,
          missing,
        },
        {
          resource: 'review',
          role,
          method: 'POST',
          request: (id) => ({
            url: '/api/order/comment',
            body: {
              order_id: id,
              item_id: itemId,
              product_score: 1,
              service_score: 1,
              postage_score: 1,
              content: 'Not mine',
            },
          }),
          id: reviewedOrder,
          missing,
        },
        {
          resource: 'refund',
          role,
          method: 'GET',
          request: (id) => ({ url: `/api/order/refund_detail?id=${id}` }),
          id: refund.id,
          missing,
        },
        {
          resource: 'refund',
          role,
          method: 'POST',
          request: (id) => ({ url: '/api/order/refund_escalate', body: { id, reason: 'Please decide' } }),
          id: refund.id,
          missing,
        },
        {
          resource: 'upload',
          role,
          method: 'GET',
          request: (name) => ({ url: `/api/upload/file/refund/${name}` }),
          id: privateName,
          missing: `f${privateName.slice(1)}`,
        },
        {
          resource: 'notification',
          role,
          method: 'POST',
          request: (id) => ({ url: '/api/notification/read', body: { ids: [id] } }),
          id: notificationId,
          missing,
        },
      ]),
      // merchant B on merchant A's shop
      {
        resource: 'order',
        role: 'merchantB',
        method: 'GET',
        request: (id) => ({ url: `/api/merchant/order_detail?id=${id}` }),
        id: reviewedOrder,
        missing,
      },
      {
        resource: 'order',
        role: 'merchantB',
        method: 'POST',
        request: (id) => ({ url: '/api/merchant/order_ship', body: { order_id: id, carrier: 'X', tracking_no: '1' } }),
        id: refundedOrder,
        missing,
      },
      {
        resource: 'order',
        role: 'merchantB',
        method: 'POST',
        request: (id) => ({ url: '/api/merchant/logistics_add', body: { order_id: id, description: 'x' } }),
        id: reviewedOrder,
        missing,
      },
      {
        resource: 'refund',
        role: 'merchantB',
        method: 'GET',
        request: (id) => ({ url: `/api/merchant/refund_detail?id=${id}` }),
        id: refund.id,
        missing,
      },
      {
        resource: 'refund',
        role: 'merchantB',
        method: 'POST',
        request: (id) => ({ url: '/api/merchant/refund_approve', body: { id } }),
        id: refund.id,
        missing,
      },
      {
        resource: 'refund',
        role: 'merchantB',
        method: 'POST',
        request: (id) => ({ url: '/api/merchant/refund_refuse', body: { id, reason: 'No' } }),
        id: refund.id,
        missing,
      },
      {
        resource: 'review',
        role: 'merchantB',
        method: 'POST',
        request: (id) => ({ url: '/api/merchant/review_reply', body: { id, content: 'Thanks' } }),
        id: reviewId,
        missing,
      },
      {
        resource: 'product',
        role: 'merchantB',
        method: 'GET',
        request: (id) => ({ url: `/api/merchant/product_detail?id=${id}` }),
        id: product.productId,
        missing,
      },
      {
        resource: 'product',
        role: 'merchantB',
        method: 'POST',
        request: (id) => ({ url: '/api/merchant/product_status', body: { id, status: 0 } }),
        id: product.productId,
        missing,
      },
      {
        resource: 'product',
        role: 'merchantB',
        method: 'POST',
        request: (id) => ({ url: '/api/merchant/product_delete', body: { id } }),
        id: product.productId,
        missing,
      },
      {
        resource: 'promo',
        role: 'merchantB',
        method: 'POST',
        request: (id) => ({
          url: '/api/merchant/promo_save',
          body: {
            id,
            code: 'STEAL1',
            type: 'fixed',
            value: 1,
            starts_at: new Date().toISOString(),
            ends_at: new Date(Date.now() + 60_000).toISOString(),
          },
        }),
        id: promo.id,
        missing,
      },
    ];

    const before = await made<{ status: number }>('buyerA', 'GET', `/api/order/detail?id=${refundedOrder}`);
    const wrong: string[] = [];
    for (const probe of probes) {
      const mine = probe.request(probe.id);
      const none = probe.request(probe.missing);
      const theirs = await call(probe.role, probe.method, mine.url, mine.body);
      const absent = await call(probe.role, probe.method, none.url, none.body);
      const where = `${probe.resource}: ${probe.method} ${mine.url} as ${probe.role}`;
      if (outcomeOf(theirs).code === 1 && outcomeOf(absent).code !== 1) wrong.push(`${where} succeeded on A's object`);
      else if (theirs.statusCode !== absent.statusCode)
        wrong.push(`${where}: HTTP ${theirs.statusCode} vs ${absent.statusCode} for a missing one`);
      else if (JSON.stringify(comparable(theirs.body)) !== JSON.stringify(comparable(absent.body))) {
        wrong.push(`${where}: ${theirs.body.slice(0, 200)} vs missing ${absent.body.slice(0, 200)}`);
      }
    }

    // A's objects are untouched by all of the above.
    const after = await made<{ status: number }>('buyerA', 'GET', `/api/order/detail?id=${refundedOrder}`);
    expect(after.status, "A's order keeps its status").toBe(before.status);
    const lines = await made<{ shops: Array<{ items: Array<{ id: number; quantity: number }> }> }>(
      'buyerA',
      'GET',
      '/api/cart/list',
    );
    expect(lines.shops.flatMap((shop) => shop.items).find((item) => item.id === cartLine.id)?.quantity).toBe(1);

    recordFigures({
      part: 'D',
      scenario: `cross-object ${new Set(probes.map((probe) => probe.resource)).size} resource types`,
      operations: probes.length * 2,
      faults: 0,
      inputs: probes.length,
      failures: wrong.length,
    });
    expect(wrong).toEqual([]);
  });
});

async function tokenOf(role: LiveRole): Promise<string> {
  const token = await cast.token(role);
  if (!token) throw new Error(`${role} has no token`);
  return token;
}
