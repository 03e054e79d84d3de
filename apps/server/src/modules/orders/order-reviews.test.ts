import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  cartItemRowSchema,
  notificationPageSchema,
  orderCommentResultSchema,
  orderCreateResultSchema,
  orderDetailSchema,
  orderListSchema,
  productDetailSchema,
  reviewPageSchema,
  shopDetailSchema,
  uploadResultSchema,
} from '@crossmart/contract';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { productReviews, products, shops, uploads } from '../../db/schema/index.ts';
import {
  type Buyer,
  knownAddressId,
  newBuyer,
  newMerchant,
  newProduct,
  newShop,
} from '../../test/commerce-fixtures.ts';
import { apiClient, failure } from '../../test/http.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { addReview, recountCatalog } from '../catalog/index.ts';
import { verifyLedger } from '../ledger/index.ts';
import { loadOrderSettings, runOrderSweeps } from './index.ts';

let ctx: TestContext;
let db: Database;
const api = apiClient(() => ctx.app);
beforeAll(async () => {
  ctx = await createTestApp({
    addressLookup: async (_db, _user, id) =>
      id === knownAddressId
        ? { name: 'Yamada Hanako', mobile: '+818012345678', area: 'Tokyo', address: '1-2-3' }
        : undefined,
    env: { DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'crossmart-reviews-')) },
  });
  db = ctx.database.db;
});
afterEach(async () => {
  expect(await verifyLedger(db)).toMatchObject({ ok: true });
});
afterAll(() => ctx.close());

const day = 86_400_000;

async function uploadPicture(token: string, purpose = 'review'): Promise<string> {
  const boundary = '----crossmartreviews';
  const file = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#a33' } })
    .png()
    .toBuffer();
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\n${purpose}\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  return uploadResultSchema.parse(res.json().data).url;
}

/** A shop with a merchant and two products, and a buyer with one order holding both (status 0). */
async function arrangeOrder() {
  const merchant = await newMerchant(ctx.app, db);
  const shop = await newShop(db, merchant.id);
  const first = await newProduct(db, shop.id, { price: 1000, stock: 10, specs: [{ name: 'Color', value: 'Red' }] });
  const second = await newProduct(db, shop.id, { price: 500, stock: 10 });
  const buyer = await newBuyer(ctx.app, db, 10_000);
  const cartIds: number[] = [];
  for (const skuId of [first.skuId, second.skuId]) {
    const line = await api.data('POST', '/api/cart/add', cartItemRowSchema, {
      token: buyer.token,
      body: { sku_id: skuId, quantity: 1 },
    });
    cartIds.push(line.id);
  }
  const created = await api.data('POST', '/api/order/create', orderCreateResultSchema, {
    token: buyer.token,
    body: { cart_ids: cartIds, address_id: knownAddressId },
  });
  const orderId = created.order_ids[0] ?? 0;
  const order = await api.read(`/api/order/detail?id=${orderId}`, orderDetailSchema, { token: buyer.token });
  const [firstItem, secondItem] = order.items;
  if (!firstItem || !secondItem) throw new Error('two lines expected');
  return { merchant, shop, first, second, buyer, orderId, firstItem, secondItem };
}

async function pay(buyer: Buyer, orderId: number) {
  expect((await api.post('/api/user/verify_pay', { order_ids: [orderId], paypwd: '123456' }, buyer)).code).toBe(1);
}
async function ship(merchant: Buyer, orderId: number) {
  const body = { order_id: orderId, carrier: 'Yamato', tracking_no: 'YT1' };
  expect((await api.post('/api/merchant/order_ship', body, merchant)).code).toBe(1);
}
async function confirmReceipt(buyer: Buyer, orderId: number) {
  expect((await api.post('/api/order/confirm', { id: orderId }, buyer)).code).toBe(1);
}
/** The after-sale window closes: every received order of the test database completes (4). */
async function completeReceived() {
  const settings = await loadOrderSettings(db, ctx.config.TIME_ZONE);
  await runOrderSweeps(db, settings, new Date(Date.now() + (settings.afterSaleDays + 1) * day));
}
async function completedOrder() {
  const arranged = await arrangeOrder();
  await pay(arranged.buyer, arranged.orderId);
  await ship(arranged.merchant, arranged.orderId);
  await confirmReceipt(arranged.buyer, arranged.orderId);
  await completeReceived();
  return arranged;
}

const scores = { product_score: 5, service_score: 4, postage_score: 3 };
const comment = (token: string, body: object) => api.post('/api/order/comment', body, { token });

async function counters(productId: number, shopId: number) {
  const [product] = await db
    .select({ reviews: products.reviewCount, good: products.goodReviewCount })
    .from(products)
    .where(eq(products.id, productId));
  const [shop] = await db
    .select({ reviews: shops.reviewCount, good: shops.goodReviewCount, visibility: shops.visibilityScore })
    .from(shops)
    .where(eq(shops.id, shopId));
  return { product, shop };
}

describe('reviewing an order line', () => {
  it('is refused before completion, on another buyer’s order and on a line of another order', async () => {
    const { merchant, buyer, orderId, firstItem } = await arrangeOrder();
    const body = { order_id: orderId, item_id: firstItem.id, ...scores, content: 'Nice' };
    const notYet = async () => expect(failure(await comment(buyer.token, body)).error).toBe('REVIEW_NOT_ALLOWED');
    await notYet(); // 0 waiting for payment
    await pay(buyer, orderId);
    await notYet(); // 1 waiting for delivery
    await ship(merchant, orderId);
    await notYet(); // 2 delivered
    await confirmReceipt(buyer, orderId);
    await notYet(); // 3 received: the after-sale window is still open

    await completeReceived();
    const stranger = await newBuyer(ctx.app, db);
    // Another buyer's order answers exactly like a missing one.
    expect(failure(await comment(stranger.token, body))).toMatchObject({ error: 'ORDER_NOT_FOUND' });
    expect(failure(await comment(buyer.token, { ...body, order_id: 2_000_000_000 })).error).toBe('ORDER_NOT_FOUND');
    // A line of the stranger's own completed order, named under the buyer's order id: not found either.
    const other = await completedOrder();
    expect(failure(await comment(buyer.token, { ...body, item_id: other.firstItem.id })).error).toBe('ORDER_NOT_FOUND');
    expect(failure(await comment(other.buyer.token, { ...body, item_id: other.firstItem.id })).error).toBe(
      'ORDER_NOT_FOUND',
    );
    expect(await db.select().from(productReviews).where(eq(productReviews.orderId, orderId))).toEqual([]);
    expect((await comment(buyer.token, body)).code).toBe(1);
  });

  it('checks scores, text and pictures with the spec’s messages', async () => {
    const { buyer, orderId, firstItem } = await completedOrder();
    const base = { order_id: orderId, item_id: firstItem.id, ...scores, content: 'Good' };
    const empty = failure(await comment(buyer.token, { ...base, content: '   ' }));
    expect(empty).toMatchObject({ error: 'VALIDATION_FAILED', fields: { content: 'Review content cannot be empty.' } });
    for (const score of [0, 6, 2.5]) {
      const refused = failure(await comment(buyer.token, { ...base, service_score: score }));
      expect(refused.fields).toHaveProperty('service_score');
    }
    const seven = Array.from({ length: 7 }, (_, index) => `/uploads/review/${index}.png`);
    expect(failure(await comment(buyer.token, { ...base, images: seven })).fields).toHaveProperty('images');
    // Pictures must be the buyer's own uploads of purpose `review`.
    const stranger = await newBuyer(ctx.app, db);
    const strangers = await uploadPicture(stranger.token);
    expect(failure(await comment(buyer.token, { ...base, images: [strangers] })).error).toBe('REVIEW_IMAGES_INVALID');
    const unknown = '/uploads/review/0123456789abcdef0123456789abcdef.png';
    expect(failure(await comment(buyer.token, { ...base, images: [unknown] })).error).toBe('REVIEW_IMAGES_INVALID');
    const avatar = await uploadPicture(buyer.token, 'avatar');
    // Another purpose's picture is refused by its path already (the field of the first picture).
    expect(failure(await comment(buyer.token, { ...base, images: [avatar] })).fields).toHaveProperty(['images.0']);
    expect(await db.select().from(productReviews).where(eq(productReviews.orderId, orderId))).toEqual([]);
  });

  it('reviews each line once, moves the counters and the favourable rate, tells the merchant', async () => {
    const { merchant, shop, first, second, buyer, orderId, firstItem, secondItem } = await completedOrder();
    const before = await counters(first.productId, shop.id);
    expect(before.shop).toMatchObject({ reviews: 0, good: 0 });
    const pictures = [await uploadPicture(buyer.token), await uploadPicture(buyer.token)];

    const posted = successOf(
      await comment(buyer.token, {
        order_id: orderId,
        item_id: firstItem.id,
        ...scores,
        content: '  Lovely colour, fast delivery.  ',
        images: pictures,
      }),
    );
    expect(posted).toMatchObject({ order_id: orderId, item_id: firstItem.id, product_id: first.productId });
    // The pictures are marked referenced, so the orphan purge keeps them.
    const stored = await db
      .select({ attachedAt: uploads.attachedAt })
      .from(uploads)
      .where(inArray(uploads.url, pictures));
    expect(stored.map((row) => row.attachedAt !== null)).toEqual([true, true]);

    // The review shows on the product with its scores, the masked name and the bought spec.
    const detail = await api.read(`/api/product/detail?id=${first.productId}`, productDetailSchema);
    expect(detail.review_count).toBe(1);
    expect(detail.favourable_rate).toBe(1);
    expect(detail.review_summary).toEqual({
      count: 1,
      with_pictures: 1,
      product_score: 5,
      service_score: 4,
      postage_score: 3,
      favourable_rate: 1,
    });
    const [shown] = detail.reviews_preview;
    expect(shown).toMatchObject({ content: 'Lovely colour, fast delivery.', images: pictures, spec_text: 'Red' });
    expect(shown?.reviewer_name).toMatch(/^b\*\*\*\d$/);
    expect(shown).toMatchObject({ reply: null, replied_at: null });

    const afterFirst = await counters(first.productId, shop.id);
    expect(afterFirst.product).toEqual({ reviews: 1, good: 1 });
    expect(afterFirst.shop).toMatchObject({ reviews: 1, good: 1 });
    // favourable_rate 0 → 1 adds 2 to the visibility score (docs/product-rules.md §5).
    expect((afterFirst.shop?.visibility ?? 0) - (before.shop?.visibility ?? 0)).toBeCloseTo(2, 6);

    // The order shows which lines are reviewed (list and detail).
    const order = await api.read(`/api/order/detail?id=${orderId}`, orderDetailSchema, { token: buyer.token });
    expect(order.items.map((item) => [item.id, item.reviewed])).toEqual([
      [firstItem.id, true],
      [secondItem.id, false],
    ]);
    const list = await api.read('/api/user/order_list?status=4', orderListSchema, { token: buyer.token });
    expect(list.list.find((o) => o.id === orderId)?.items.map((item) => item.reviewed)).toEqual([true, false]);

    // A repeat is refused with the already-commented notice and moves nothing.
    const repeat = failure(
      await comment(buyer.token, { order_id: orderId, item_id: firstItem.id, ...scores, content: 'Again' }),
    );
    expect(repeat).toMatchObject({ error: 'ALREADY_COMMENTED', msg: 'You have already commented.' });
    expect(await counters(first.productId, shop.id)).toEqual(afterFirst);

    // A poor review of the other line halves the shop's favourable rate.
    const poor = { order_id: orderId, item_id: secondItem.id, product_score: 2, service_score: 1, postage_score: 5 };
    successOf(await comment(buyer.token, { ...poor, content: 'Broke after a day' }));
    const shopCard = await api.read(`/api/shop/detail?id=${shop.id}`, shopDetailSchema);
    expect(shopCard).toMatchObject({ review_count: 2, favourable_rate: 0.5 });
    const afterSecond = await counters(second.productId, shop.id);
    expect(afterSecond.product).toEqual({ reviews: 1, good: 0 });
    expect((afterSecond.shop?.visibility ?? 0) - (before.shop?.visibility ?? 0)).toBeCloseTo(1, 6);
    // The counters equal a rebuild from the review rows.
    await recountCatalog(db);
    expect(await counters(second.productId, shop.id)).toEqual(afterSecond);

    // The merchant hears of both reviews.
    const inbox = await api.read('/api/notification/list', notificationPageSchema, { token: merchant.token });
    const reviewed = inbox.list.filter((n) => n.kind === 'order_reviewed');
    expect(reviewed.map((n) => n.params.score)).toEqual([2, 5]);
    expect(reviewed[0]?.ref).toMatch(/^review:\d+$/);
  });

  it('makes one review of 10 concurrent posts for one line', async () => {
    const { shop, first, buyer, orderId, firstItem } = await completedOrder();
    const body = { order_id: orderId, item_id: firstItem.id, ...scores, content: 'Once' };
    const answers = await Promise.all(Array.from({ length: 10 }, () => comment(buyer.token, body)));
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
    expect(new Set(answers.filter((answer) => answer.code !== 1).map((answer) => answer.error))).toEqual(
      new Set(['ALREADY_COMMENTED']),
    );
    expect(await db.select().from(productReviews).where(eq(productReviews.orderItemId, firstItem.id))).toHaveLength(1);
    expect((await counters(first.productId, shop.id)).product).toEqual({ reviews: 1, good: 1 });
  });
});

describe('a product’s reviews', () => {
  it('lists newest first with the summary, the shop’s reply and the "with pictures" filter', async () => {
    const merchant = await newMerchant(ctx.app, db);
    const shop = await newShop(db, merchant.id);
    const { productId } = await newProduct(db, shop.id, { price: 100, stock: 1 });
    const rows: Array<[number, number, number, string[]]> = [
      [5, 5, 4, ['/uploads/review/a.png']],
      [3, 4, 4, []],
      [4, 2, 5, ['/uploads/review/b.png', '/uploads/review/c.png']],
      [1, 1, 1, []],
    ];
    const ids: number[] = [];
    for (const [index, [product, service, postage, images]] of rows.entries()) {
      const review = await addReview(db, {
        productId,
        productScore: product,
        serviceScore: service,
        postageScore: postage,
        content: `review ${index}`,
        images,
      });
      ids.push(review.id);
    }
    const reply = await api.post('/api/merchant/review_reply', { id: ids[2], content: 'Thank you!' }, merchant);
    expect(reply.code).toBe(1);

    const all = await api.read(`/api/product/reviews?product_id=${productId}`, reviewPageSchema);
    expect(all.list.map((r) => r.content)).toEqual(['review 3', 'review 2', 'review 1', 'review 0']);
    expect(all.total).toBe(4);
    expect(all.summary).toEqual({
      count: 4,
      with_pictures: 2,
      product_score: 3.3,
      service_score: 3,
      postage_score: 3.5,
      favourable_rate: 0.5,
    });
    expect(all.list[1]).toMatchObject({ reply: 'Thank you!' });
    expect(all.list[1]?.replied_at).not.toBeNull();

    const pictured = await api.read(
      `/api/product/reviews?product_id=${productId}&with_pictures=1&limit=1`,
      reviewPageSchema,
    );
    expect(pictured.list.map((r) => r.content)).toEqual(['review 2']);
    expect(pictured).toMatchObject({ total: 2, has_more: true });
    const page2 = await api.read(
      `/api/product/reviews?product_id=${productId}&with_pictures=true&limit=1&page=2`,
      reviewPageSchema,
    );
    expect(page2.list.map((r) => r.content)).toEqual(['review 0']);
    expect(page2.has_more).toBe(false);

    const none = await newProduct(db, shop.id, { price: 100, stock: 1 });
    const empty = await api.read(`/api/product/reviews?product_id=${none.productId}`, reviewPageSchema);
    expect(empty.summary).toEqual({
      count: 0,
      with_pictures: 0,
      product_score: 0,
      service_score: 0,
      postage_score: 0,
      favourable_rate: null,
    });
    expect(failure(await api.get('/api/product/reviews?product_id=2000000000')).error).toBe('PRODUCT_NOT_FOUND');
  });
});

function successOf(body: { code: number; data?: unknown }) {
  expect(body.code, JSON.stringify(body)).toBe(1);
  return orderCommentResultSchema.parse(body.data);
}
