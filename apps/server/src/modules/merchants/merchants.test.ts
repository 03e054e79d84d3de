import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  adminApplicationPageSchema,
  cartItemRowSchema,
  merchantApplicationSchema,
  merchantDashboardSchema,
  merchantInfoSchema,
  orderCreateResultSchema,
  orderDetailSchema,
  orderStatusResultSchema,
  type ProductSaveInput,
  savedIdSchema,
  sellerOrderDetailSchema,
  sellerOrderPageSchema,
  sellerProductDetailSchema,
  sellerProductPageSchema,
  sellerPromoPageSchema,
  sellerReviewPageSchema,
  sellerShopSchema,
  settlementPageSchema,
  userInfoSchema,
  verifyPayResultSchema,
} from '@crossmart/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { categories, merchantApplications, shops, users } from '../../db/schema/index.ts';
import {
  addressLookup,
  type Buyer,
  balanceOf,
  call,
  expectOk,
  knownAddressId,
  newBuyer,
  newUserWithRole,
  payCode,
} from '../../test/commerce-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { pngOf, uploadedUrl } from '../../test/upload-fixtures.ts';
import { addReview } from '../catalog/index.ts';
import { verifyLedger } from '../ledger/index.ts';
import { loadOrderSettings, runOrderSweeps } from '../orders/index.ts';

let ctx: TestContext;
let db: Database;
let admin: Buyer;
let categoryId: number;
beforeAll(async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crossmart-merchants-'));
  ctx = await createTestApp({ addressLookup, env: { DATA_DIR: dataDir } });
  db = ctx.database.db;
  admin = await newUserWithRole(ctx.app, db, 'admin');
  const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
  categoryId = category?.id ?? 0;
}, 300_000);
afterEach(async () => {
  expect(await verifyLedger(db)).toMatchObject({ ok: true });
});
afterAll(() => ctx.close());

const upload = async (token: string, purpose: string) => uploadedUrl(ctx.app, token, await pngOf('#c33', 8), purpose);

let shopSequence = 0;
async function applyAs(user: Buyer, name?: string) {
  shopSequence += 1;
  return call(ctx.app, 'POST', '/api/merchant/apply', user.token, merchantApplicationSchema, {
    shop_name: name ?? `Test Shop ${Date.now().toString(36)}${shopSequence}`,
    logo: await upload(user.token, 'shop'),
    contact_name: 'Aoi Suzuki',
    mobile: '+819012345678',
    email: 'aoi@example.com',
    category_id: categoryId,
    description: 'Handmade things',
    document: await upload(user.token, 'evidence'),
  });
}
const audit = (id: number, status: 1 | 2, reason?: string) =>
  call(ctx.app, 'POST', '/api/admin/merchant_apply_audit', admin.token, merchantApplicationSchema, {
    id,
    status,
    ...(reason ? { reason } : {}),
  });
const info = (user: Buyer) => call(ctx.app, 'GET', '/api/merchant/info', user.token, merchantInfoSchema);

/** A buyer who applied and was approved: now a merchant with a shop. */
async function newApprovedMerchant(): Promise<Buyer & { shopId: number }> {
  const user = await newBuyer(ctx.app, db);
  const application = expectOk(await applyAs(user));
  expectOk(await audit(application.id, 1));
  const shop = expectOk(await info(user)).shop;
  if (!shop) throw new Error('no shop after approval');
  return { ...user, shopId: shop.id };
}

function productInput(image: string, overrides: Partial<ProductSaveInput> = {}): ProductSaveInput {
  return {
    category_id: categoryId,
    title_i18n: { en: 'Linen shirt', jp: 'リネンシャツ' },
    description_i18n: { en: 'Soft linen' },
    images: [image],
    freight: 300,
    specs: [
      { name: 'Size', values: ['S', 'M'] },
      { name: 'Color', values: ['White', 'Blue'] },
    ],
    skus: [
      { values: ['S', 'White'], price: 3000, stock: 5 },
      { values: ['S', 'Blue'], price: 3000, stock: 5 },
      { values: ['M', 'White'], price: 3200, stock: 5 },
      { values: ['M', 'Blue'], price: 3200, stock: 0 },
    ],
    ...overrides,
  };
}
async function newListedProduct(merchant: Buyer) {
  const image = await upload(merchant.token, 'product');
  return expectOk(
    await call(ctx.app, 'POST', '/api/merchant/product_save', merchant.token, savedIdSchema, productInput(image)),
  ).id;
}
const productForm = (merchant: Buyer, id: number) =>
  call(ctx.app, 'GET', `/api/merchant/product_detail?id=${id}`, merchant.token, sellerProductDetailSchema);

async function buyAndPay(buyer: Buyer, skuId: number): Promise<number> {
  const created = expectOk(
    await call(ctx.app, 'POST', '/api/order/create', buyer.token, orderCreateResultSchema, {
      sku_id: skuId,
      quantity: 1,
      address_id: knownAddressId,
      remark: 'Gift wrap please',
    }),
  );
  const orderId = created.order_ids[0] ?? 0;
  expectOk(
    await call(ctx.app, 'POST', '/api/user/verify_pay', buyer.token, verifyPayResultSchema, {
      order_ids: [orderId],
      paypwd: payCode,
    }),
  );
  return orderId;
}

describe('merchant applications', () => {
  it('apply → approve makes the shop and the merchant role in one step, seen in info and userInfo', async () => {
    const user = await newBuyer(ctx.app, db);
    const application = expectOk(await applyAs(user, 'Kobe Leather Works'));
    expect(application.status).toBe(0);
    expect(await applyAs(user)).toMatchObject({ ok: false, error: 'APPLICATION_PENDING' });
    const queue = expectOk(
      await call(ctx.app, 'GET', '/api/admin/merchant_apply_list?status=0', admin.token, adminApplicationPageSchema),
    );
    expect(queue.list.map((row) => row.id)).toContain(application.id);
    expect(expectOk(await audit(application.id, 1)).status).toBe(1);
    expect(await audit(application.id, 1)).toMatchObject({ ok: false, error: 'ALREADY_AUDITED' });
    const after = expectOk(await info(user));
    expect(after.role).toBe('merchant');
    expect(after.shop).toMatchObject({ name: 'Kobe Leather Works', status: 1, logo: application.logo });
    const userInfo = expectOk(await call(ctx.app, 'GET', '/api/user/getUserInfo', user.token, userInfoSchema));
    expect(userInfo).toMatchObject({ role: 'merchant', shop_id: after.shop?.id });
    expect(await applyAs(user)).toMatchObject({ ok: false, error: 'ALREADY_MERCHANT' });
  });

  it('a refused application changes nothing; the reason is shown and the user may apply again', async () => {
    const user = await newBuyer(ctx.app, db);
    const application = expectOk(await applyAs(user));
    expect(await audit(application.id, 2)).toMatchObject({ ok: false, error: 'VALIDATION_FAILED' });
    expect(expectOk(await audit(application.id, 2, 'Document unreadable')).status).toBe(2);
    const after = expectOk(await info(user));
    expect(after).toMatchObject({
      role: 'buyer',
      shop: null,
      application: { status: 2, reason: 'Document unreadable' },
    });
    const [owned] = await db.select({ n: count() }).from(shops).where(eq(shops.ownerUserId, user.id));
    expect(owned?.n).toBe(0);
    expect(expectOk(await applyAs(user)).status).toBe(0);
  });

  it('refuses a taken shop name, and uploads that are not the applicant’s own', async () => {
    const user = await newBuyer(ctx.app, db);
    const other = await newBuyer(ctx.app, db);
    const taken = await applyAs(user, 'Kobe Leather Works'.toUpperCase());
    expect(taken).toMatchObject({ ok: false, error: 'VALIDATION_FAILED' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/merchant/apply',
      headers: { token: user.token, lang: 'en' },
      payload: {
        shop_name: 'Borrowed Papers',
        logo: await upload(user.token, 'shop'),
        contact_name: 'A',
        mobile: '+819012345678',
        email: 'a@example.com',
        category_id: categoryId,
        description: 'x',
        document: await upload(other.token, 'evidence'),
      },
    });
    expect(res.json()).toMatchObject({ code: 0, error: 'VALIDATION_FAILED', fields: { document: expect.any(String) } });
  });

  it('two concurrent approvals of one application make one shop and one role change', async () => {
    const user = await newBuyer(ctx.app, db);
    const application = expectOk(await applyAs(user));
    const results = await Promise.all([
      audit(application.id, 1),
      audit(application.id, 1),
      audit(application.id, 2, 'x'),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    for (const result of results) if (!result.ok) expect(result.error).toBe('ALREADY_AUDITED');
    const [owned] = await db.select({ n: count() }).from(shops).where(eq(shops.ownerUserId, user.id));
    const [row] = await db.select().from(merchantApplications).where(eq(merchantApplications.id, application.id));
    const [account] = await db.select({ role: users.role }).from(users).where(eq(users.id, user.id));
    expect(owned?.n).toBe(row?.status === 1 ? 1 : 0);
    expect(account?.role).toBe(row?.status === 1 ? 'merchant' : 'buyer');
  });
});

/** Every seller call with an object id, as [method, url, body] for a given foreign id. */
const sellerCallsWithIds: Array<[string, (id: number) => ['GET' | 'POST', string, object | undefined]]> = [
  ['product_detail', (id) => ['GET', `/api/merchant/product_detail?id=${id}`, undefined]],
  ['product_status', (id) => ['POST', '/api/merchant/product_status', { id, status: 0 }]],
  ['product_delete', (id) => ['POST', '/api/merchant/product_delete', { id }]],
  ['order_detail', (id) => ['GET', `/api/merchant/order_detail?id=${id}`, undefined]],
  ['order_ship', (id) => ['POST', '/api/merchant/order_ship', { order_id: id, carrier: 'Yamato', tracking_no: '1' }]],
  ['logistics_add', (id) => ['POST', '/api/merchant/logistics_add', { order_id: id, description: 'x' }]],
  ['review_reply', (id) => ['POST', '/api/merchant/review_reply', { id, content: 'Thanks' }]],
];

describe('seller calls', () => {
  it('a buyer calling any seller call gets MERCHANT_REQUIRED', async () => {
    const buyer = await newBuyer(ctx.app, db);
    const calls: Array<['GET' | 'POST', string, object | undefined]> = [
      ['GET', '/api/merchant/dashboard', undefined],
      ['POST', '/api/merchant/shop_save', { name: 'x', logo: '', banner: '', description: '' }],
      ['GET', '/api/merchant/product_list', undefined],
      ['POST', '/api/merchant/product_save', {}],
      ['GET', '/api/merchant/order_list', undefined],
      ['GET', '/api/merchant/settlement_list', undefined],
      ['GET', '/api/merchant/promo_list', undefined],
      ['POST', '/api/merchant/promo_save', {}],
      ['GET', '/api/merchant/review_list', undefined],
      ['GET', '/api/merchant/complaint_list', undefined],
      ...sellerCallsWithIds.map(([, build]) => build(1)),
    ];
    for (const [method, url, payload] of calls) {
      const res = await ctx.app.inject({
        method,
        url,
        headers: { token: buyer.token, lang: 'en' },
        ...(payload ? { payload: payload as Record<string, unknown> } : {}),
      });
      const body = res.json();
      expect(body.code, url).toBe(0);
      expect(body.error, url).toBe('MERCHANT_REQUIRED');
    }
  });

  it('merchant A cannot read or change merchant B’s products, orders, reviews or promos (like missing ids)', async () => {
    const a = await newApprovedMerchant();
    const b = await newApprovedMerchant();
    const productId = await newListedProduct(b);
    const skuId = expectOk(await productForm(b, productId)).skus[0]?.id ?? 0;
    const buyer = await newBuyer(ctx.app, db, 100_000);
    const orderId = await buyAndPay(buyer, skuId);
    const review = await addReview(db, {
      productId,
      userId: buyer.id,
      reviewerName: 'b***r',
      productScore: 5,
      serviceScore: 5,
      postageScore: 5,
      content: 'Great',
    });
    const promo = expectOk(
      await call(ctx.app, 'POST', '/api/merchant/promo_save', b.token, savedIdSchema, {
        code: `B${Date.now().toString(36)}`,
        type: 'percent',
        value: 10,
        starts_at: new Date(Date.now() - 1000).toISOString(),
        ends_at: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    );
    const foreign: Record<string, number> = {
      product_detail: productId,
      product_status: productId,
      product_delete: productId,
      order_detail: orderId,
      order_ship: orderId,
      logistics_add: orderId,
      review_reply: review.id,
    };
    const missing = 2_000_000_000;
    for (const [name, build] of sellerCallsWithIds) {
      const answers = [];
      for (const id of [foreign[name] ?? 0, missing]) {
        const [method, url, payload] = build(id);
        const res = await ctx.app.inject({
          method,
          url,
          headers: { token: a.token, lang: 'en' },
          ...(payload ? { payload: payload as Record<string, unknown> } : {}),
        });
        const { code, msg, error, data } = res.json();
        answers.push({ code, msg, error, data });
      }
      expect(answers[0], name).toEqual(answers[1]);
      expect(answers[0]?.code, name).toBe(0);
    }
    // Promo: editing B's promo id from A is a missing promo; A's lists never show B's rows.
    const steal = await call(ctx.app, 'POST', '/api/merchant/promo_save', a.token, savedIdSchema, {
      id: promo.id,
      code: 'STOLEN1',
      type: 'fixed',
      value: 1,
      starts_at: new Date().toISOString(),
      ends_at: new Date(Date.now() + 1000).toISOString(),
    });
    expect(steal).toMatchObject({ ok: false, error: 'PROMO_NOT_FOUND' });
    const lists: Array<[string, z.ZodType]> = [
      ['/api/merchant/product_list', sellerProductPageSchema],
      ['/api/merchant/order_list', sellerOrderPageSchema],
      ['/api/merchant/promo_list', sellerPromoPageSchema],
      ['/api/merchant/review_list', sellerReviewPageSchema],
    ];
    for (const [url, schema] of lists) {
      expect((expectOk(await call(ctx.app, 'GET', url, a.token, schema)) as { list: unknown[] }).list, url).toEqual([]);
      expect(
        (expectOk(await call(ctx.app, 'GET', url, b.token, schema)) as { list: unknown[] }).list,
        url,
      ).toHaveLength(1);
    }
    // Nothing of B's changed.
    expect(expectOk(await productForm(b, productId)).status).toBe(1);
  });
});

describe('products', () => {
  it('validates SKU prices, stock and the spec combinations with field errors', async () => {
    const merchant = await newApprovedMerchant();
    const image = await upload(merchant.token, 'product');
    const save = (overrides: Partial<ProductSaveInput>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/merchant/product_save',
        headers: { token: merchant.token, lang: 'en' },
        payload: productInput(image, overrides) as Record<string, unknown>,
      });
    const base = productInput(image);
    const badPrice = (await save({ skus: base.skus.map((sku, i) => (i === 1 ? { ...sku, price: 0 } : sku)) })).json();
    expect(badPrice).toMatchObject({
      error: 'VALIDATION_FAILED',
      fields: { 'skus.1.price': 'Please enter a correct price.' },
    });
    const badStock = (await save({ skus: base.skus.map((sku, i) => (i === 2 ? { ...sku, stock: -1 } : sku)) })).json();
    expect(badStock.fields).toHaveProperty(['skus.2.stock']);
    const fraction = (
      await save({ skus: base.skus.map((sku, i) => (i === 0 ? { ...sku, price: 10.5 } : sku)) })
    ).json();
    expect(fraction.fields).toHaveProperty(['skus.0.price']);
    const missingCombo = (await save({ skus: base.skus.slice(0, 3) })).json();
    expect(missingCombo.fields).toMatchObject({ skus: expect.stringContaining('combination') });
    const noTitle = (await save({ title_i18n: { en: ' ' } })).json();
    expect(noTitle.fields).toHaveProperty(['title_i18n']);
    const foreignImage = (await save({ images: ['/uploads/someone-else.webp'] })).json();
    expect(foreignImage.fields).toHaveProperty(['images.0']);
    const list = expectOk(
      await call(ctx.app, 'GET', '/api/merchant/product_list', merchant.token, sellerProductPageSchema),
    );
    expect(list.list).toHaveLength(0);
  });

  it('creates with specs, edits (buyer detail follows at once), and keeps ordered SKUs', async () => {
    const merchant = await newApprovedMerchant();
    const id = await newListedProduct(merchant);
    const form = expectOk(await productForm(merchant, id));
    expect(form.specs).toEqual([
      { name: 'Size', values: ['S', 'M'] },
      { name: 'Color', values: ['White', 'Blue'] },
    ]);
    expect(form.skus).toHaveLength(4);
    const detail = async () =>
      (await ctx.app.inject({ method: 'GET', url: `/api/product/detail?id=${id}`, headers: { lang: 'en' } })).json()
        .data;
    expect((await detail()).title).toBe('Linen shirt');
    const image = form.images[0] ?? '';
    const buyer = await newBuyer(ctx.app, db, 100_000);
    await buyAndPay(buyer, form.skus[0]?.id ?? 0);
    // Edit: new title and price; the ordered SKU (S/White) must stay; dropping it is refused.
    const edited = productInput(image, { id, title_i18n: { en: 'Linen shirt v2' } });
    edited.skus = edited.skus.map((sku) => ({ ...sku, price: sku.price + 100 }));
    expectOk(await call(ctx.app, 'POST', '/api/merchant/product_save', merchant.token, savedIdSchema, edited));
    const after = await detail();
    expect(after.title).toBe('Linen shirt v2');
    expect(after.price).toBe(3100);
    expect(expectOk(await productForm(merchant, id)).skus[0]?.id).toBe(form.skus[0]?.id);
    const dropOrdered = productInput(image, {
      id,
      specs: [{ name: 'Size', values: ['M'] }],
      skus: [{ values: ['M'], price: 100, stock: 1 }],
    });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/merchant/product_save',
      headers: { token: merchant.token, lang: 'en' },
      payload: dropOrdered as Record<string, unknown>,
    });
    expect(refused.json()).toMatchObject({ error: 'VALIDATION_FAILED', fields: { skus: expect.any(String) } });
    const del = await call(ctx.app, 'POST', '/api/merchant/product_delete', merchant.token, savedIdSchema, { id });
    expect(del).toMatchObject({ ok: false, error: 'PRODUCT_HAS_ORDERS' });
    // A product nobody ordered can be deleted.
    const spare = await newListedProduct(merchant);
    expectOk(await call(ctx.app, 'POST', '/api/merchant/product_delete', merchant.token, savedIdSchema, { id: spare }));
    expect(await productForm(merchant, spare)).toMatchObject({ ok: false, error: 'PRODUCT_NOT_FOUND' });
  });

  it('a product taken off sale cannot be added to the cart, bought or checked out', async () => {
    const merchant = await newApprovedMerchant();
    const id = await newListedProduct(merchant);
    const skuId = expectOk(await productForm(merchant, id)).skus[0]?.id ?? 0;
    const buyer = await newBuyer(ctx.app, db, 100_000);
    const cart = expectOk(
      await call(ctx.app, 'POST', '/api/cart/add', buyer.token, cartItemRowSchema, { sku_id: skuId, quantity: 1 }),
    );
    expectOk(
      await call(ctx.app, 'POST', '/api/merchant/product_status', merchant.token, savedIdSchema, { id, status: 0 }),
    );
    expect(
      await call(ctx.app, 'POST', '/api/cart/add', buyer.token, cartItemRowSchema, { sku_id: skuId, quantity: 1 }),
    ).toMatchObject({ ok: false, error: 'PRODUCT_UNAVAILABLE' });
    const buyNow = await call(ctx.app, 'POST', '/api/order/create', buyer.token, orderCreateResultSchema, {
      sku_id: skuId,
      quantity: 1,
      address_id: knownAddressId,
    });
    expect(buyNow).toMatchObject({ ok: false, error: 'PRODUCT_UNAVAILABLE' });
    const fromCart = await call(ctx.app, 'POST', '/api/order/create', buyer.token, orderCreateResultSchema, {
      cart_ids: [cart.id],
      address_id: knownAddressId,
    });
    expect(fromCart).toMatchObject({ ok: false, error: 'PRODUCT_UNAVAILABLE' });
    const list = expectOk(
      await call(ctx.app, 'GET', '/api/merchant/product_list?status=0', merchant.token, sellerProductPageSchema),
    );
    expect(list.list.map((row) => row.id)).toEqual([id]);
    expect(list.counts).toMatchObject({ all: 1, '0': 1, '1': 0 });
  });
});

describe('orders, logistics, dashboard and money', () => {
  it('ships, adds tracking events the buyer sees newest first, and settles total minus commission', async () => {
    const merchant = await newApprovedMerchant();
    const id = await newListedProduct(merchant);
    const skuId = expectOk(await productForm(merchant, id)).skus[0]?.id ?? 0;
    const buyer = await newBuyer(ctx.app, db, 100_000);
    const orderId = await buyAndPay(buyer, skuId);
    const toShip = expectOk(
      await call(ctx.app, 'GET', '/api/merchant/order_list?status=1', merchant.token, sellerOrderPageSchema),
    );
    expect(toShip.list.map((order) => order.id)).toEqual([orderId]);
    expect(toShip.counts['1']).toBe(1);
    const sellerDetail = expectOk(
      await call(ctx.app, 'GET', `/api/merchant/order_detail?id=${orderId}`, merchant.token, sellerOrderDetailSchema),
    );
    expect(sellerDetail).toMatchObject({
      remark: 'Gift wrap please',
      total: 3300,
      address: { address: expect.any(String) },
    });
    const dashboard = expectOk(
      await call(ctx.app, 'GET', '/api/merchant/dashboard', merchant.token, merchantDashboardSchema),
    );
    expect(dashboard).toMatchObject({
      sales_today: 3300,
      orders_today: 1,
      sales_30d: 3300,
      to_ship: 1,
      open_refunds: 0,
      balance: 0,
    });
    expect(
      await call(ctx.app, 'POST', '/api/merchant/logistics_add', merchant.token, orderStatusResultSchema, {
        order_id: orderId,
        description: 'Too early',
      }),
    ).toMatchObject({ ok: false, error: 'ORDER_STATUS_INVALID' });
    expectOk(
      await call(ctx.app, 'POST', '/api/merchant/order_ship', merchant.token, orderStatusResultSchema, {
        order_id: orderId,
        carrier: 'Yamato',
        tracking_no: 'YT123',
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    expectOk(
      await call(ctx.app, 'POST', '/api/merchant/logistics_add', merchant.token, orderStatusResultSchema, {
        order_id: orderId,
        description: 'Arrived at Osaka hub',
        location: 'Osaka',
      }),
    );
    const seen = expectOk(
      await call(ctx.app, 'GET', `/api/order/detail?id=${orderId}`, buyer.token, orderDetailSchema),
    );
    expect(seen.logistics.map((event) => event.description)).toEqual(['Arrived at Osaka hub', 'Yamato YT123']);
    expect(seen).toMatchObject({ status: 2, carrier: 'Yamato', tracking_no: 'YT123' });
    // Received, then the after-sale window closes: settled to the merchant's wallet.
    const settings = await loadOrderSettings(db, ctx.config.TIME_ZONE);
    await runOrderSweeps(db, settings, new Date(Date.now() + (settings.autoReceiveDays + 1) * 86_400_000));
    await runOrderSweeps(
      db,
      settings,
      new Date(Date.now() + (settings.autoReceiveDays + settings.afterSaleDays + 2) * 86_400_000),
    );
    const money = expectOk(
      await call(ctx.app, 'GET', '/api/merchant/settlement_list', merchant.token, settlementPageSchema),
    );
    const commission = Math.floor((3300 * settings.commissionBps) / 10_000);
    expect(money).toMatchObject({ sum_total: 3300, sum_commission: commission, sum_net: 3300 - commission });
    expect(money.list).toEqual([expect.objectContaining({ order_id: orderId, net: 3300 - commission })]);
    expect(await balanceOf(db, `user:${merchant.id}`)).toBe(3300 - commission);
  });

  it('saves shop settings and promo codes that checkout honours, total limit included', async () => {
    const merchant = await newApprovedMerchant();
    const logo = await upload(merchant.token, 'shop');
    const saved = expectOk(
      await call(ctx.app, 'POST', '/api/merchant/shop_save', merchant.token, sellerShopSchema, {
        name: `Renamed ${Date.now().toString(36)}`,
        logo,
        banner: '',
        description: 'New words',
      }),
    );
    expect(saved).toMatchObject({ logo, description: 'New words' });
    const id = await newListedProduct(merchant);
    const skuId = expectOk(await productForm(merchant, id)).skus[0]?.id ?? 0;
    const code = `ONCE${Date.now().toString(36)}`.toUpperCase();
    expectOk(
      await call(ctx.app, 'POST', '/api/merchant/promo_save', merchant.token, savedIdSchema, {
        code,
        type: 'fixed',
        value: 500,
        min_spend: 1000,
        starts_at: new Date(Date.now() - 1000).toISOString(),
        ends_at: new Date(Date.now() + 86_400_000).toISOString(),
        total_limit: 1,
      }),
    );
    const order = (buyer: Buyer) =>
      call(ctx.app, 'POST', '/api/order/create', buyer.token, orderCreateResultSchema, {
        sku_id: skuId,
        quantity: 1,
        address_id: knownAddressId,
        promo_code: code,
      });
    const first = expectOk(await order(await newBuyer(ctx.app, db)));
    expect(first.orders[0]?.discount).toBe(500);
    // The total limit is spent: a new buyer gets the one answer every unusable code gets (no probing).
    expect(await order(await newBuyer(ctx.app, db))).toMatchObject({ ok: false, error: 'PROMO_INVALID' });
    const promos = expectOk(
      await call(ctx.app, 'GET', '/api/merchant/promo_list', merchant.token, sellerPromoPageSchema),
    );
    expect(promos.list[0]).toMatchObject({ code, used: 1, total_limit: 1 });
  });
});
