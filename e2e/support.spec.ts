import { type BrowserContext, expect as baseExpect } from '@playwright/test';
import { storeSession, test } from './fixtures.ts';

/**
 * Issue 15 journeys on the real server and seeded database: mutual aid once a day, a complaint
 * answered in the admin console, and the law texts in Japanese and English.
 */

// Lazy screens and their first API answers can take a few seconds on a loaded CI machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

async function loginContext(context: BrowserContext, baseURL: string, account: string, password: string) {
  const response = await context.request.post(`${baseURL}/api/user/login`, { data: { account, password } });
  const body = (await response.json()) as { code: number; data: { userinfo: { token: string } } };
  expect(body.code).toBe(1);
  await storeSession(context, { token: body.data.userinfo.token, userInfo: null });
  return body.data.userinfo.token;
}

test('the buyer supports a shop; a second try the same day shows the notice', async ({ page, baseURL }) => {
  await loginContext(page.context(), baseURL ?? '', 'demo', 'demo123');
  await page.goto('/mutualAid');
  await expect(page.getByTestId('aid-days')).toHaveText('0 日');
  const shops = page.getByTestId('aid-shop');
  await expect(shops.first()).toBeVisible();
  const firstName = (await shops.nth(0).locator('.cm-aid-shop__name').textContent()) ?? '';

  await shops.nth(0).getByRole('button', { name: '応援する' }).click();
  await expect(page.locator('.adm-toast-main')).toHaveText('応援しました');
  await expect(page.getByTestId('aid-days')).toHaveText('1 日');
  await expect(page.getByTestId('aid-hero')).toContainText(`本日は ${firstName} を応援しました`);
  await expect(page.getByTestId('aid-notice')).toContainText('本日はすでにショップを応援しました');
  await expect(shops.nth(0)).toContainText('応援済み');

  // Another shop, the same day: the server refuses and the app says so.
  await page
    .getByRole('searchbox')
    .fill(((await shops.nth(1).locator('.cm-aid-shop__name').textContent()) ?? '').split(' ')[0] ?? '');
  await expect(page.locator('.cm-aid__list-title')).toContainText('該当するショップ');
  const other = page
    .getByTestId('aid-shop')
    .filter({ hasNot: page.getByText('応援済み') })
    .first();
  await other.getByRole('button', { name: '応援する' }).click();
  await expect(page.locator('.adm-toast-main')).toContainText('本日はすでにショップを応援しました');
  await expect(page.getByTestId('aid-days')).toHaveText('1 日');

  await page.goto('/mutualAidhHistroy');
  await expect(page.getByTestId('aid-record')).toHaveCount(1);
  await expect(page.getByTestId('aid-record')).toContainText(firstName);
});

test('the buyer files a complaint, the admin replies in the console, the buyer reads it', async ({
  page,
  browser,
  baseURL,
}) => {
  const base = baseURL ?? '';
  await loginContext(page.context(), base, 'demo', 'demo123');
  await page.goto('/complaint');
  const content = `The lid was cracked (e2e ${Date.now()})`;

  // Required fields first (docs/spec.md §5: shop name and complaint content).
  await page.getByRole('button', { name: '苦情を送信' }).click();
  await expect(page.getByText('ショップ名を入力してください。')).toBeVisible();
  await expect(page.getByText('苦情の内容を入力してください。')).toBeVisible();

  await page.getByLabel('ショップ名').fill('Tokyo Digital');
  await page.getByRole('button', { name: 'Tokyo Digital Lab' }).click();
  await expect(page.getByLabel('ショップ名')).toHaveValue('Tokyo Digital Lab');
  await page.getByLabel('苦情の内容').fill(content);
  await page.getByRole('button', { name: '苦情を送信' }).click();
  await expect(page).toHaveURL(/\/myComplaints/);
  const mine = page.getByTestId('complaint').filter({ hasText: content });
  await expect(mine).toContainText('対応中');
  await expect(mine).toContainText('Tokyo Digital Lab');

  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ja-JP' });
  await loginContext(adminContext, base, 'admin', 'admin123');
  const admin = await adminContext.newPage();
  await admin.goto('/admin/complaints');
  const row = admin.locator('.ant-table-row').filter({ hasText: content });
  await expect(row).toContainText('demo');
  await row.getByRole('button', { name: '返信' }).click();
  await admin.locator('.ant-modal textarea').fill('We asked the shop to send a new one.');
  await admin.locator('.ant-modal').getByRole('button', { name: '返信を送信' }).click();
  await expect(admin.locator('.ant-modal')).toBeHidden();
  await expect(row).toHaveCount(0); // the open queue no longer lists it
  await adminContext.close();

  await page.reload();
  await expect(mine).toContainText('対応済み');
  await expect(mine.getByTestId('complaint-reply')).toContainText('We asked the shop to send a new one.');

  // The shop's merchant (the demo `merchant` runs Tokyo Digital Lab) reads it in the after-sale tab.
  const sellerContext = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ja-JP' });
  await loginContext(sellerContext, base, 'merchant', 'merchant123');
  const seller = await sellerContext.newPage();
  await seller.goto('/seller/after-sale');
  await expect(seller.getByRole('heading', { name: 'ショップへの苦情' })).toBeVisible();
  const about = seller.locator('.adm-card').filter({ hasText: content });
  await expect(about).toContainText('対応済み');
  await expect(about).toContainText('We asked the shop to send a new one.');
  await sellerContext.close();
});

test('the law page shows the server text in Japanese and in English', async ({ page, browser, baseURL }) => {
  await loginContext(page.context(), baseURL ?? '', 'demo', 'demo123');
  await page.goto('/law');
  const text = page.getByTestId('content-text');
  await expect(text.getByRole('heading', { name: '利用規約' })).toBeVisible();
  await expect(text.getByRole('heading', { name: '返金ポリシー' })).toBeVisible();

  const english = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  await loginContext(english, baseURL ?? '', 'demo', 'demo123');
  const en = await english.newPage();
  await en.goto('/law');
  const enText = en.getByTestId('content-text');
  await expect(enText.getByRole('heading', { name: 'Terms of service' })).toBeVisible();
  await expect(enText.getByRole('heading', { name: 'Privacy policy' })).toBeVisible();
  await expect(enText.locator('script')).toHaveCount(0);
  await english.close();
});
