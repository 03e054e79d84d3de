import { type BrowserContext, expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { storeSession, test } from './fixtures.ts';

/**
 * Issue 17 (recharge proofs) on the real server and seeded database: a chain transaction hash
 * proves one recharge only (the second claim is refused with the server's Japanese message), and
 * the same evidence picture sent with two recharges is flagged in the admin's queue.
 */

async function loginContext(context: BrowserContext, baseURL: string, account: string, password: string) {
  const response = await context.request.post(`${baseURL}/api/user/login`, { data: { account, password } });
  const body = (await response.json()) as { code: number; data: { userinfo: { token: string } } };
  expect(body.code).toBe(1);
  await storeSession(context, { token: body.data.userinfo.token, userInfo: null });
}

async function fillRecharge(page: Page, picture: Buffer, txHash: string) {
  await page.goto('/walletTopUp');
  await expect(page.getByTestId('deposit-address')).toHaveText(/^T/);
  await page.getByPlaceholder('金額を入力').fill('1200');
  await page.getByPlaceholder('送金元のアドレス').fill('TProofE2E');
  await page.locator('.adm-form-item').filter({ hasText: 'トランザクションハッシュ' }).locator('input').fill(txHash);
  await page
    .locator('[data-testid="evidence"] input[type="file"]')
    .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: picture });
  await expect(page.locator('[data-testid="evidence"] .adm-image-uploader-cell-loading')).toHaveCount(0);
  await expect(page.locator('[data-testid="evidence"] .adm-image-uploader-cell img')).toBeVisible();
}

test('a tx hash proves one recharge; a reused evidence picture is flagged to the auditor', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await loginContext(page.context(), baseURL ?? '', 'demo', 'demo123');
  const picture = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#e63' } })
    .png()
    .toBuffer();
  const hash = `0xproof${Date.now().toString(16)}`;

  await fillRecharge(page, picture, hash);
  await page.getByRole('button', { name: '送信' }).click();
  await expect(page).toHaveURL(/\/topUpRecord/);

  // The same transaction again: refused, the buyer stays on the form.
  await fillRecharge(page, picture, hash);
  await page.getByRole('button', { name: '送信' }).click();
  await expect(
    page.getByText('このトランザクションハッシュは、このネットワークですでに申請されています。'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/walletTopUp/);

  // Another transaction with the same picture goes through, and is flagged.
  await page
    .locator('.adm-form-item')
    .filter({ hasText: 'トランザクションハッシュ' })
    .locator('input')
    .fill(`${hash}2`);
  await page.getByRole('button', { name: '送信' }).click();
  await expect(page).toHaveURL(/\/topUpRecord/);

  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ja-JP' });
  await loginContext(adminContext, baseURL ?? '', 'admin', 'admin123');
  const admin = await adminContext.newPage();
  await admin.goto('/admin/recharges');
  const rows = admin.locator('.ant-table-row').filter({ hasText: 'TProofE2E' });
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) await expect(row.getByText('使用済みの画像')).toBeVisible();
  // Another recharge's row (the seed's) carries no flag.
  await expect(
    admin.locator('.ant-table-row').filter({ hasNotText: 'TProofE2E' }).getByText('使用済みの画像'),
  ).toHaveCount(0);
  await adminContext.close();
});
