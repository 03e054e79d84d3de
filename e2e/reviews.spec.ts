import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';

/**
 * Issue 13 (reviews), at 390×844 in Japanese: the demo buyer's order is made, paid, shipped,
 * received and completed through the API (the after-sale window passes on the sweeps' test clock);
 * the buyer opens the review form from the completed order's card, is told an empty text is not
 * enough, rates product 5 / service 4 / postage 3, writes a text and adds two pictures; the line
 * shows as reviewed, the review appears first on the product page with its scores and pictures,
 * the "with pictures" filter keeps it, and a second review of the line is refused.
 */

interface Envelope<T> {
  code: number;
  msg: string;
  error?: string;
  data: T;
}

async function send<T>(request: APIRequestContext, token: string, url: string, data?: unknown) {
  const headers = { token, lang: 'jp' };
  const response =
    data === undefined ? await request.get(url, { headers }) : await request.post(url, { headers, data });
  return (await response.json()) as Envelope<T>;
}

async function api<T>(request: APIRequestContext, token: string, url: string, data?: unknown): Promise<T> {
  const body = await send<T>(request, token, url, data);
  expect(body.code, `${url}: ${body.msg}`).toBe(1);
  return body.data;
}

async function login(request: APIRequestContext, account: string, password: string): Promise<string> {
  const data = await api<{ userinfo: { token: string } }>(request, '', '/api/user/login', { account, password });
  return data.userinfo.token;
}

/** The demo seed gives shop n (a fresh database numbers them from 1) to `merchant`, then `merchant<n>`. */
const merchantOf = (shopId: number) => (shopId === 1 ? 'merchant' : `merchant${shopId}`);

/** The screen on show: kept-alive screens stay in the page, hidden (ADR 0006). */
function shown(page: Page) {
  return page.locator('.cm-screen').filter({ visible: true });
}

const picture = (color: string) =>
  sharp({ create: { width: 240, height: 240, channels: 3, background: color } })
    .png()
    .toBuffer();

test('review a completed order with two pictures → it shows on the product page with its scores', async ({
  page,
  loginAsDemo,
}) => {
  test.setTimeout(120_000);
  const token = await loginAsDemo();
  const request = page.request;

  // A completed order of one line, through the API.
  const address = await api<{ id: number }>(request, token, '/api/user/address_add', {
    name: 'レビュー 花子',
    mobile: '+819012345678',
    area: { codes: ['JP', 'JP-13', 'JP-13-shinjuku'], text: '日本 / 東京都 / 新宿区' },
    address: '西新宿 2-8-1',
    tag: 'home',
    is_default: false,
  });
  const list = await api<{ list: { id: number }[] }>(request, token, '/api/product/list?sort=new&limit=10');
  const productId = list.list[3]?.id ?? 0;
  const product = await api<{ shop_id: number; skus: { id: number; stock: number }[] }>(
    request,
    token,
    `/api/product/detail?id=${productId}`,
  );
  const sku = product.skus.find((candidate) => candidate.stock >= 1);
  expect(sku).toBeDefined();
  const created = await api<{ order_ids: number[] }>(request, token, '/api/order/create', {
    sku_id: sku?.id,
    quantity: 1,
    address_id: address.id,
  });
  const orderId = created.order_ids[0] ?? 0;
  await api(request, token, '/api/user/verify_pay', { order_ids: [orderId], paypwd: '123456' });
  const merchantToken = await login(request, merchantOf(product.shop_id), 'merchant123');
  await api(request, merchantToken, '/api/merchant/order_ship', {
    order_id: orderId,
    carrier: 'ヤマト運輸',
    tracking_no: 'YT-REVIEW-1',
  });
  const order = await api<{ items: { id: number }[] }>(request, token, `/api/order/detail?id=${orderId}`);
  const itemId = order.items[0]?.id ?? 0;
  // Received but not completed: the review is refused (docs/product-rules.md §3).
  await api(request, token, '/api/order/confirm', { id: orderId });
  const early = await send(request, token, '/api/order/comment', {
    order_id: orderId,
    item_id: itemId,
    product_score: 5,
    service_score: 5,
    postage_score: 5,
    content: 'まだ早い',
  });
  expect(early.error).toBe('REVIEW_NOT_ALLOWED');
  const adminToken = await login(request, 'admin', 'admin123');
  await api(request, adminToken, '/api/admin/order_sweeps', { advance_minutes: 8 * 24 * 60 });

  // The completed order's card offers the review.
  await page.goto('/myPurchases/4');
  const card = shown(page).locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
  await expect(card.getByTestId('order-status')).toHaveText('完了');
  await card.getByTestId('order-review').click();
  await expect(page).toHaveURL(new RegExp(`/comment\\?order_id=${orderId}&item_id=${itemId}$`));
  const form = shown(page).getByTestId('review-form');
  await expect(form).toBeVisible();

  // An empty text is refused with the spec's message.
  await form.getByTestId('review-submit').click();
  await expect(page.getByText('レビュー内容を入力してください', { exact: true })).toBeVisible();

  // Product 5 (the default), service 4, postage 3; a text; two pictures.
  // antd-mobile's Rate follows touches (the browser is a phone): tap the 4th and the 3rd star.
  await form.getByTestId('score-service_score').locator('.adm-rate-star').nth(3).tap();
  await form.getByTestId('score-postage_score').locator('.adm-rate-star').nth(2).tap();
  await expect(form.getByTestId('score-product_score').getByTestId('score-word')).toHaveText('とても良い');
  await expect(form.getByTestId('score-service_score').getByTestId('score-word')).toHaveText('良い');
  await expect(form.getByTestId('score-postage_score').getByTestId('score-word')).toHaveText('普通');
  const text = `色がきれいで丈夫です。E2E ${Date.now().toString(36)}`;
  await form.locator('textarea').fill(text);
  await form.locator('input[type="file"]').setInputFiles([
    { name: 'a.png', mimeType: 'image/png', buffer: await picture('#d94f3d') },
    { name: 'b.png', mimeType: 'image/png', buffer: await picture('#3d7bd9') },
  ]);
  const cells = form.locator('.adm-image-uploader-cell-image');
  await expect(cells).toHaveCount(2);
  await expect(form.locator('.adm-image-uploader-cell-loading')).toHaveCount(0);
  await form.getByTestId('review-submit').click();
  await expect(page.getByText('保存しました', { exact: true })).toBeVisible();

  // Back on the order: the line is reviewed, and no review action is left.
  await expect(page).toHaveURL(new RegExp(`/orderInfo/${orderId}$`));
  await expect(shown(page).getByTestId('item-reviewed')).toHaveText('レビュー済み');
  await expect(shown(page).getByTestId('item-review')).toHaveCount(0);

  // The product page shows it first, with its three scores and both pictures.
  await page.goto(`/detail/${productId}/${product.shop_id}`);
  const detail = shown(page);
  await expect(detail.getByTestId('review-summary')).toBeVisible();
  const first = detail.getByTestId('review').first();
  await expect(first).toContainText(text);
  await expect(first.getByTestId('review-scores')).toHaveText('商品 5・対応 4・配送 3');
  await expect(first.locator('.cm-review__image')).toHaveCount(2);

  // The "with pictures" filter keeps it at the top.
  await detail.getByTestId('reviews-open-pictures').click();
  const sheet = page.getByTestId('reviews-sheet');
  await expect(sheet.getByTestId('reviews-with-pictures')).toHaveAttribute('aria-pressed', 'true');
  await expect(sheet.getByTestId('review').first()).toContainText(text);
  const reviews = await api<{ list: { images: string[] }[]; summary: { with_pictures: number } }>(
    request,
    token,
    `/api/product/reviews?product_id=${productId}&with_pictures=1&limit=50`,
  );
  expect(reviews.list.every((review) => review.images.length > 0)).toBe(true);
  await expect(sheet.getByTestId('review')).toHaveCount(Math.min(reviews.list.length, reviews.summary.with_pictures));

  // A second review of the line: the form says it is done, and the server refuses it.
  await page.goto(`/comment?order_id=${orderId}&item_id=${itemId}`);
  await expect(shown(page).getByText('すでにレビュー済みです', { exact: true })).toBeVisible();
  const again = await send(request, token, '/api/order/comment', {
    order_id: orderId,
    item_id: itemId,
    product_score: 1,
    service_score: 1,
    postage_score: 1,
    content: 'もう一度',
  });
  expect(again.error).toBe('ALREADY_COMMENTED');
});
