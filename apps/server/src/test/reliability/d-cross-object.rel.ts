/**
 * D. Cross-object access: buyer B and merchant B call every by-id route on buyer A's and merchant
 * A's objects, and every route that takes a reference to an object (an uploaded picture given as
 * recharge proof, complaint picture, chat picture or shop logo). "Not yours" must answer exactly
 * like "missing" (same code, error, message and fields), so that ids cannot be probed; the lists
 * of B never hold A's objects.
 *
 * Recharges, withdrawals, complaints and the service conversation have no by-id route for their
 * owner (only lists and the admin console), so for them the lists and the references are what B
 * can try.
 */
import { maxRowId } from '@crossmart/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops as shopTable } from '../../db/schema/index.ts';
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

    // Money requests, a complaint, a conversation and a shop profile, each with a picture of A's.
    const shopName = async (id: number) =>
      (await db.select({ name: shopTable.name }).from(shopTable).where(eq(shopTable.id, id)))[0]?.name ?? '';
    const shopAName = await shopName(shops.merchantA);
    const shopBName = await shopName(shops.merchantB);
    const proof = await uploadedUrl(ctx.app, await tokenOf('buyerA'), await pngOf('#0a0', 8), 'evidence');
    await made('buyerA', 'POST', '/api/user/recharge', { method: 'bank', amount: 500, image: proof });
    await made('buyerA', 'POST', '/api/user/extract', {
      type: 'bank',
      amount: 2000,
      bank_card: '6222000011112222',
      bank_name: 'Mizuho',
      holder: 'Yamada Hanako',
      paypwd: payCode,
    });
    const complaintPicture = await uploadedUrl(ctx.app, await tokenOf('buyerA'), await pngOf('#0aa', 8), 'evidence');
    await made('buyerA', 'POST', '/api/merchant/complaint', {
      shop_name: shopAName,
      content: 'The parcel never came and the seller does not answer',
      images: [complaintPicture],
    });
    const chatPicture = await uploadedUrl(ctx.app, await tokenOf('buyerA'), await pngOf('#aa0', 8), 'service');
    await made('buyerA', 'POST', '/api/service/send', { kind: 'text', body: 'Where is my parcel?' });
    await made('buyerA', 'POST', '/api/service/send', { kind: 'image', body: chatPicture });
    const logo = await uploadedUrl(ctx.app, await tokenOf('merchantA'), await pngOf('#00a', 8), 'shop');
    await made('merchantA', 'POST', '/api/merchant/shop_save', { name: shopAName, logo, banner: '', description: 'A' });
    const chatName = chatPicture.split('/').pop() ?? '';
    /** The same kind of URL, naming a file that was never uploaded. */
    const missingUrl = (url: string) =>
      url.replace(/\/([^/])([^/]*)$/, (_all, first: string, rest: string) => `/${first === 'f' ? 'e' : 'f'}${rest}`);

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
          missing: missingUrl(`/${privateName}`).slice(1),
        },
        {
          resource: 'recharge',
          role,
          method: 'POST',
          request: (url) => ({ url: '/api/user/recharge', body: { method: 'bank', amount: 500, image: url } }),
          id: proof,
          missing: missingUrl(proof),
        },
        {
          resource: 'complaint',
          role,
          method: 'POST',
          request: (url) => ({
            url: '/api/merchant/complaint',
            body: { shop_name: shopAName, content: 'Same here', images: [url] },
          }),
          id: complaintPicture,
          missing: missingUrl(complaintPicture),
        },
        {
          resource: 'conversation',
          role,
          method: 'GET',
          request: (name) => ({ url: `/api/upload/file/service/${name}` }),
          id: chatName,
          missing: missingUrl(`/${chatName}`).slice(1),
        },
        {
          resource: 'conversation',
          role,
          method: 'POST',
          request: (url) => ({ url: '/api/service/send', body: { kind: 'image', body: url } }),
          id: chatPicture,
          missing: missingUrl(chatPicture),
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
        resource: 'shop',
        role: 'merchantB',
        method: 'POST',
        request: (url) => ({
          url: '/api/merchant/shop_save',
          body: { name: shopBName, logo: url, banner: '', description: 'B' },
        }),
        id: logo,
        missing: missingUrl(logo),
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

    // B's lists never hold A's objects. A's list is read first and must hold something, so that
    // B's answer proves the owner filter, not an empty table.
    const lists: Array<{ resource: string; owner: LiveRole; viewers: LiveRole[]; url: string }> = [
      ...[
        ['address', '/api/user/address_list'],
        ['cart line', '/api/cart/list'],
        ['order', '/api/user/order_list'],
        ['notification', '/api/notification/list'],
        ['recharge', '/api/user/recharge_log'],
        ['withdrawal', '/api/user/extract_log'],
        ['complaint', '/api/user/complaint_list'],
        ['conversation', '/api/service/messages'],
      ].map(([resource = '', url = '']) => ({
        resource,
        owner: 'buyerA' as const,
        viewers: ['buyerB', 'merchantB'] as LiveRole[],
        url,
      })),
      ...[
        ['order', '/api/merchant/order_list'],
        ['refund', '/api/merchant/refund_list'],
        ['review', '/api/merchant/review_list'],
        ['product', '/api/merchant/product_list'],
        ['promo', '/api/merchant/promo_list'],
        ['complaint', '/api/merchant/complaint_list'],
      ].map(([resource = '', url = '']) => ({
        resource,
        owner: 'merchantA' as const,
        viewers: ['merchantB'] as LiveRole[],
        url,
      })),
    ];
    let listCalls = 0;
    for (const list of lists) {
      const owned = itemIds(await made(list.owner, 'GET', list.url));
      if (owned.length === 0) wrong.push(`${list.resource}: ${list.url} of ${list.owner} is empty, nothing to compare`);
      // Paged lists also take the place to start from: A's newest id + 1 must not open A's page.
      const pastA = `${list.url}?before_id=${Math.max(0, ...owned) + 1}`;
      for (const viewer of list.viewers) {
        for (const url of list.url === '/api/service/messages' ? [list.url, pastA] : [list.url]) {
          listCalls += 1;
          const seen = itemIds(await made(viewer, 'GET', url));
          const leaked = seen.filter((id) => owned.includes(id));
          if (leaked.length > 0) wrong.push(`${list.resource}: ${url} as ${viewer} lists A's ${leaked.join(', ')}`);
        }
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
      scenario: `cross-object ${new Set([...probes, ...lists].map((check) => check.resource)).size} resource types`,
      operations: probes.length * 2 + listCalls + lists.length,
      faults: 0,
      inputs: probes.length + listCalls,
      failures: wrong.length,
    });
    expect(wrong).toEqual([]);
  });
});

/** The ids of a list answer's items (`list`, a bare array, or the cart's lines grouped by shop). */
function itemIds(data: unknown): number[] {
  type Item = { id?: unknown };
  const page = data as { list?: Item[]; shops?: Array<{ items?: Item[] }> } | Item[];
  const items = Array.isArray(page) ? page : (page.list ?? page.shops?.flatMap((shop) => shop.items ?? []) ?? []);
  return items.map((item) => item.id).filter((id): id is number => typeof id === 'number');
}

async function tokenOf(role: LiveRole): Promise<string> {
  const token = await cast.token(role);
  if (!token) throw new Error(`${role} has no token`);
  return token;
}
