import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, storeSession, test } from './fixtures.ts';

/**
 * Issue 13 (refunds) on the real server and seeded database, at 390×844 in Japanese:
 * 1. the demo buyer asks for a refund of a shipped order from its card, with a proof picture → the
 *    shop's merchant approves → the balance is back and the order shows refunded;
 * 2. another order: the merchant refuses → the buyer escalates on the refund detail → an admin
 *    decides for the buyer in the admin console → the money is back.
 */

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

function shown(page: Page) {
  return page.locator('.cm-screen').filter({ visible: true });
}

async function call<T>(request: APIRequestContext, token: string, path: string, body?: unknown): Promise<T> {
  const response =
    body === undefined
      ? await request.get(path, { headers: { token } })
      : await request.post(path, { headers: { token }, data: body });
  const envelope = (await response.json()) as Envelope<T>;
  expect(envelope.code, `${path}: ${envelope.msg}`).toBe(1);
  return envelope.data;
}

async function login(request: APIRequestContext, account: string, password: string): Promise<string> {
  return (await call<{ userinfo: { token: string } }>(request, '', '/api/user/login', { account, password })).userinfo
    .token;
}

const balance = async (request: APIRequestContext, token: string) =>
  (await call<{ balance: number }>(request, token, '/api/user/getUserInfo')).balance;

/** The demo seed gives shop n to `merchant`, then `merchant<n>` (password merchant123). */
const merchantOf = (shopId: number) => (shopId === 1 ? 'merchant' : `merchant${shopId}`);

const picture = () =>
  sharp({ create: { width: 48, height: 36, channels: 3, background: '#e33' } })
    .png()
    .toBuffer();

/** A paid order of the demo buyer, shipped by its shop's merchant; returns the order and the merchant's token. */
async function shippedOrder(request: APIRequestContext, token: string, addressId: number, skip: number) {
  const list = await call<{ list: { id: number }[] }>(request, token, '/api/product/list?sort=sales&limit=20');
  for (const candidate of list.list.slice(skip)) {
    const detail = await call<{ shop_id: number; skus: { id: number; stock: number }[] }>(
      request,
      token,
      `/api/product/detail?id=${candidate.id}`,
    );
    const sku = detail.skus.find((item) => item.stock >= 2);
    if (!sku) continue;
    const created = await call<{ orders: { id: number; order_no: string; total: number }[] }>(
      request,
      token,
      '/api/order/create',
      { sku_id: sku.id, quantity: 1, address_id: addressId },
    );
    const order = created.orders[0];
    if (!order) throw new Error('no order');
    await call(request, token, '/api/user/verify_pay', { order_ids: [order.id], paypwd: '123456' });
    const merchant = await login(request, merchantOf(detail.shop_id), 'merchant123');
    await call(request, merchant, '/api/merchant/order_ship', {
      order_id: order.id,
      carrier: 'ヤマト運輸',
      tracking_no: `RF${order.id}`,
    });
    return { order, merchant };
  }
  throw new Error('no product in stock');
}

async function newAddress(request: APIRequestContext, token: string) {
  return call<{ id: number }>(request, token, '/api/user/address_add', {
    name: '返金 花子',
    mobile: '+819012345678',
    area: { codes: ['JP', 'JP-13', 'JP-13-shinjuku'], text: '日本 / 東京都 / 新宿区' },
    address: '西新宿 2-8-1',
    tag: 'home',
    is_default: false,
  });
}

async function loginContext(context: BrowserContext, account: string, password: string) {
  const token = await login(context.request, account, password);
  await storeSession(context, { token, userInfo: null });
  return token;
}

test('refund with a picture → merchant approves → balance back, order refunded', async ({ page, loginAsDemo }) => {
  test.setTimeout(120_000);
  const token = await loginAsDemo();
  const request = page.request;
  const address = await newAddress(request, token);
  const { order, merchant } = await shippedOrder(request, token, address.id, 0);
  const afterPay = await balance(request, token);

  // From the order card: the refund form, amount prefilled with everything refundable.
  await page.goto('/myPurchases/2');
  const card = shown(page).locator(`[data-testid="order-card"][data-order-id="${order.id}"]`);
  await card.getByTestId('order-refund').click();
  await expect(page).toHaveURL(new RegExp(`/refund/${order.id}/`));
  const form = shown(page);
  await expect(form.getByTestId('refund-amount').locator('input')).toHaveValue(String(order.total));

  // Nothing chosen yet: the spec's message, and no request.
  await form.getByTestId('refund-submit').click();
  await expect(page.getByText('返金額、理由、説明、証明が必要です')).toBeVisible();

  await form.getByTestId('refund-reason').click();
  await page.getByTestId('refund-reasons').getByText('破損して届いた').click();
  await expect(form.getByTestId('refund-reason')).toContainText('破損して届いた');
  await form.getByTestId('refund-explanation').locator('textarea').fill('箱が潰れて中身が割れていました');
  await form
    .locator('[data-testid="refund-proof"] input[type="file"]')
    .setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: await picture() });
  await expect(form.locator('[data-testid="refund-proof"] .adm-image-uploader-cell-loading')).toHaveCount(0);
  await expect(form.locator('[data-testid="refund-proof"] .adm-image-uploader-cell img')).toBeVisible();

  // Confirm first, then the request is made and its detail opens.
  await form.getByTestId('refund-submit').click();
  const dialog = page.getByRole('dialog').filter({ hasText: '返金を申請しますか？' });
  await dialog.getByRole('button', { name: '返金を申請' }).click();
  await expect(page).toHaveURL(/\/refundInfo\/\d+/);
  const refundId = Number(page.url().split('/').pop());
  await expect(shown(page).getByTestId('refund-status')).toHaveText('ショップの回答待ち');
  await expect(shown(page).getByTestId('refund-pictures').locator('img')).toHaveCount(1);
  await expect(shown(page).getByTestId('refund-steps')).toContainText('返金を申請');

  // The order card says a refund was requested.
  await page.goto('/myPurchases/-4');
  await expect(
    shown(page).locator(`[data-testid="order-card"][data-order-id="${order.id}"]`).getByTestId('order-status'),
  ).toHaveText('返金申請済み');

  // The shop's merchant sees it and approves.
  const open = await call<{ list: { id: number }[] }>(request, merchant, '/api/merchant/refund_list?status=open');
  expect(open.list.map((row) => row.id)).toContain(refundId);
  await call(request, merchant, '/api/merchant/refund_approve', { id: refundId });

  expect(await balance(request, token)).toBe(afterPay + order.total);
  await page.goto(`/refundInfo/${refundId}`);
  await expect(shown(page).getByTestId('refund-status')).toHaveText('返金済み');
  await page.goto(`/orderInfo/${order.id}`);
  await expect(shown(page).getByTestId('order-hero')).toContainText('返金済み');
});

test('merchant refuses → buyer escalates → admin decides for the buyer', async ({ page, browser, loginAsDemo }) => {
  test.setTimeout(120_000);
  const token = await loginAsDemo();
  const request = page.request;
  const address = await newAddress(request, token);
  const { order, merchant } = await shippedOrder(request, token, address.id, 3);

  // The request through the API (the form is the first test's), with a private proof picture.
  const uploaded = await request.post('/api/upload', {
    headers: { token },
    multipart: { purpose: 'refund', file: { name: 'proof.png', mimeType: 'image/png', buffer: await picture() } },
  });
  const proof = ((await uploaded.json()) as Envelope<{ url: string }>).data.url;
  const amount = Math.max(1, Math.floor(order.total / 2));
  const { id } = await call<{ id: number }>(request, token, '/api/order/refund', {
    order_id: order.id,
    type: 'refund_only',
    amount,
    product_status: 'received',
    reason: 'not_as_described',
    explanation: '写真と色が違います',
    pictures: [proof],
  });
  await call(request, merchant, '/api/merchant/refund_refuse', { id, reason: '写真通りの商品です' });
  const beforeDecision = await balance(request, token);

  // The buyer sees the refusal and escalates it once.
  await page.goto(`/refundInfo/${id}`);
  const detail = shown(page);
  await expect(detail.getByTestId('refund-status')).toHaveText('ショップが拒否');
  await expect(detail.getByTestId('refund-steps')).toContainText('写真通りの商品です');
  await detail.getByTestId('refund-escalate-reason').locator('textarea').fill('色がはっきり違います');
  await detail.getByTestId('refund-escalate').click();
  await page.getByRole('dialog').getByRole('button', { name: 'プラットフォームに依頼' }).click();
  await expect(detail.getByTestId('refund-status')).toHaveText('プラットフォーム審査中');
  await expect(detail.getByTestId('refund-escalate')).toHaveCount(0);

  // The admin decides for the buyer in the console, with a note.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ja-JP' });
  await loginContext(adminContext, 'admin', 'admin123');
  const admin = await adminContext.newPage();
  await admin.goto('/admin/refunds');
  const row = admin.locator('.ant-table-row').filter({ hasText: order.order_no });
  await row.getByTestId('refund-open').click();
  const modal = admin.locator('.ant-modal');
  await expect(modal).toContainText('色がはっきり違います');
  await expect(modal.locator('.ant-image img')).toHaveCount(1);
  await modal.getByTestId('decide-buyer').click();
  await modal.getByTestId('refund-note').fill('写真から色違いが確認できます');
  await admin.locator('#refund-decide').click();
  await expect(modal).toBeHidden();
  await adminContext.close();

  expect(await balance(request, token)).toBe(beforeDecision + amount);
  await page.goto(`/refundInfo/${id}`);
  await expect(shown(page).getByTestId('refund-status')).toHaveText('返金済み');
  await expect(shown(page).getByTestId('refund-steps')).toContainText('プラットフォームが購入者側で判定');
});
