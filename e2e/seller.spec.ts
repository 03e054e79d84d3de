import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, storeSession, test } from './fixtures.ts';

/**
 * Issue 12 (seller platform), at 390×844 in Japanese: a new user applies for a shop, the admin
 * approves it in the admin console, the merchant signs in at /seller and creates a product with
 * two specs and a picture; it shows in the shop and in search; a buyer orders and pays it; the
 * merchant ships it and adds a tracking event, which the buyer sees; after the after-sale window
 * (test clock) the settlement and the merchant's balance show the total less the commission.
 */

async function api<T>(request: APIRequestContext, token: string, url: string, data?: unknown): Promise<T> {
  const headers = { token, lang: 'jp' };
  const response =
    data === undefined ? await request.get(url, { headers }) : await request.post(url, { headers, data });
  const body = (await response.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${url}: ${body.msg}`).toBe(1);
  return body.data;
}

const picture = (color: string) =>
  sharp({ create: { width: 320, height: 320, channels: 3, background: color } })
    .png()
    .toBuffer();

async function uploadInto(page: Page, index: number, color: string) {
  await page
    .locator('input[type="file"]')
    .nth(index)
    .setInputFiles({ name: 'p.png', mimeType: 'image/png', buffer: await picture(color) });
}

test('apply → approve → create a product → sell, ship, track and settle', async ({ browser, request }) => {
  test.setTimeout(420_000);
  const tag = Date.now().toString(36);
  const shopName = `E2E工房 ${tag}`;
  const account = `seller_${tag}`;
  await api(request, '', '/api/user/register', {
    account,
    password: 'secret123',
    repassword: 'secret123',
    family_name: '鈴木',
    given_name: '葵',
    email: `${account}@example.com`,
    mobile: `+8190${String(Date.now() % 1e8).padStart(8, '0')}`,
  });
  const applicantToken = (
    await api<{ userinfo: { token: string } }>(request, '', '/api/user/login', { account, password: 'secret123' })
  ).userinfo.token;

  // 1. The merchant registration form in the shopper app.
  const applicantContext = await browser.newContext();
  await storeSession(applicantContext, { token: applicantToken });
  const applicant = await applicantContext.newPage();
  await applicant.goto('/platform');
  await applicant.locator('#apply-shop-name').fill(shopName);
  await uploadInto(applicant, 0, '#f4a261');
  await applicant.locator('#apply-contact').fill('鈴木 葵');
  await applicant.locator('#apply-mobile').fill('+819012345678');
  await applicant.locator('#apply-email').fill(`${account}@example.com`);
  await applicant.locator('.adm-selector-item').first().click();
  await applicant.locator('#apply-description').fill('手作りの陶器と木のうつわ');
  await uploadInto(applicant, 1, '#264653');
  await expect(applicant.locator('.adm-image-uploader-cell img')).toHaveCount(2);
  await applicant.getByRole('button', { name: '申請を送信' }).click();
  await expect(applicant.getByText('申請は審査中です')).toBeVisible();

  // 2. The admin approves it in the admin console.
  const adminToken = (
    await api<{ userinfo: { token: string } }>(request, '', '/api/user/login', {
      account: 'admin',
      password: 'admin123',
    })
  ).userinfo.token;
  const adminContext = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
  });
  await storeSession(adminContext, { token: adminToken });
  const admin = await adminContext.newPage();
  await admin.goto('/admin/merchants');
  const row = admin.locator('tr', { hasText: shopName });
  await row.getByRole('button', { name: '承認' }).click();
  // Approved: it leaves the pending queue, and the account now runs the shop.
  await expect(row).toHaveCount(0);
  await expect
    .poll(async () => (await api<{ role: string }>(request, applicantToken, '/api/merchant/info')).role)
    .toBe('merchant');
  await adminContext.close();

  // 3. The merchant signs in at /seller and creates a product with two specs and a picture.
  await applicantContext.close();
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await seller.goto('/seller/login');
  await seller.locator('#seller-account').fill(account);
  await seller.locator('#seller-password').fill('secret123');
  await seller.getByRole('button', { name: 'ログイン' }).click();
  await expect(seller.getByText('露出スコア')).toBeVisible();
  await seller.goto('/seller/products/new');
  const title = `E2E 湯のみ ${tag}`;
  await seller.locator('#title-en').fill(title);
  await seller.locator('.adm-selector-item').first().click();
  await uploadInto(seller, 0, '#e76f51');
  await expect(seller.locator('.adm-image-uploader-cell img')).toHaveCount(1);
  await seller.locator('#freight').fill('300');
  // antd-mobile's Input puts the label on its wrapper: fill the input inside.
  const specNames = seller.locator('.cm-seller-spec').locator('input').filter({ visible: true });
  const specName = (row: number) => seller.locator('.cm-seller-spec').nth(row).locator('input').nth(0);
  const specValue = (row: number) => seller.locator('.cm-seller-spec').nth(row).locator('input').nth(1);
  await expect(specNames.first()).toBeVisible();
  await specName(0).fill('サイズ');
  await specValue(0).fill('S, M');
  await seller.getByRole('button', { name: '規格を追加' }).click();
  await specName(1).fill('カラー');
  await specValue(1).fill('白, 藍');
  for (const variant of ['S / 白', 'S / 藍', 'M / 白', 'M / 藍']) {
    await seller.getByLabel(`${variant} 価格`).locator('input').fill('2400');
    await seller.getByLabel(`${variant} 在庫`).locator('input').fill('5');
  }
  await seller.getByRole('button', { name: '保存' }).click();
  await expect(seller.getByText(title)).toBeVisible();

  // 4. It is in the shop and in search.
  const buyerToken = (
    await api<{ userinfo: { token: string } }>(request, '', '/api/user/login', { account: 'demo', password: 'demo123' })
  ).userinfo.token;
  const info = await api<{ shop: { id: number } }>(request, applicantToken, '/api/merchant/info');
  const shopId = info.shop.id;
  await expect(async () => {
    const inShop = await api<{ list: { id: number; title: string }[] }>(
      request,
      '',
      `/api/product/list?shop_id=${shopId}`,
    );
    expect(inShop.list.map((product) => product.title)).toContain(title);
    const found = await api<{ list: { title: string }[] }>(
      request,
      '',
      `/api/product/list?keyword=${encodeURIComponent(tag)}`,
    );
    expect(found.list.map((product) => product.title)).toContain(title);
  }).toPass({ timeout: 10_000 });
  const buyerContext = await browser.newContext();
  await storeSession(buyerContext, { token: buyerToken });
  const buyer = await buyerContext.newPage();
  await buyer.goto(`/shop/${shopId}`);
  await expect(buyer.getByText(title).first()).toBeVisible();

  // 5. The buyer orders and pays it.
  const products = await api<{ list: { id: number; title: string }[] }>(
    request,
    '',
    `/api/product/list?shop_id=${shopId}`,
  );
  const productId = products.list.find((product) => product.title === title)?.id ?? 0;
  const detail = await api<{ skus: { id: number }[] }>(request, buyerToken, `/api/product/detail?id=${productId}`);
  const book = await api<{ list: { id: number }[] }>(request, buyerToken, '/api/user/address_list');
  let addressId = book.list[0]?.id;
  if (!addressId) {
    await api(request, buyerToken, '/api/user/address_add', {
      name: '山田 花子',
      mobile: '+819011112222',
      area: { codes: ['JP', 'JP-13', 'JP-13-shinjuku'], text: '日本 / 東京都 / 新宿区' },
      address: '西新宿 2-8-1',
      tag: 'home',
      is_default: true,
    });
    addressId = (await api<{ list: { id: number }[] }>(request, buyerToken, '/api/user/address_list')).list[0]?.id;
  }
  const created = await api<{ order_ids: number[] }>(request, buyerToken, '/api/order/create', {
    sku_id: detail.skus[0]?.id,
    quantity: 1,
    address_id: addressId,
  });
  const orderId = created.order_ids[0] ?? 0;
  await api(request, buyerToken, '/api/user/verify_pay', { order_ids: [orderId], paypwd: '123456' });

  // 6. The merchant ships and adds a tracking event.
  await seller.goto(`/seller/orders/${orderId}`);
  await seller.getByPlaceholder('例：ヤマト運輸、佐川急便、日本郵便').fill('ヤマト運輸');
  await seller.locator('.adm-form-item', { hasText: '追跡番号' }).locator('input').fill('4912-0000-1111');
  await seller.getByRole('button', { name: '発送する' }).click();
  await seller.getByPlaceholder('例：大阪の拠点に到着').fill('大阪の拠点に到着');
  await seller.getByRole('button', { name: '配送状況を追加' }).click();
  await expect(seller.locator('.adm-step-title', { hasText: '大阪の拠点に到着' })).toBeVisible();

  // 7. The buyer sees both, newest first.
  const seen = await api<{ logistics: { description: string }[] }>(
    request,
    buyerToken,
    `/api/order/detail?id=${orderId}`,
  );
  expect(seen.logistics.map((event) => event.description)).toEqual(['大阪の拠点に到着', 'ヤマト運輸 4912-0000-1111']);
  await buyer.goto(`/orderInfo/${orderId}`);
  await expect(buyer.getByText('大阪の拠点に到着').first()).toBeVisible();
  await buyerContext.close();

  // 8. Received and past the after-sale window on the test clock: settled, total less commission.
  await api(request, buyerToken, '/api/order/confirm', { id: orderId });
  await api(request, adminToken, '/api/admin/order_sweeps', { advance_minutes: 8 * 24 * 60 });
  const total = 2400 + 300;
  const commission = Math.floor((total * 500) / 10_000);
  await seller.goto('/seller/money');
  await expect(seller.getByTestId('seller-balance')).toContainText((total - commission).toLocaleString('ja-JP'));
  await expect(seller.getByText(`${(total - commission).toLocaleString('ja-JP')}`).first()).toBeVisible();
  await sellerContext.close();
});
