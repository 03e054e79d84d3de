import { type BrowserContext, expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { storeSession, test } from './fixtures.ts';

/**
 * Issue 6 journey on the real server and seeded database: the demo buyer recharges on-chain with
 * evidence → an admin passes it → balance and fund record show it → the buyer withdraws with the
 * payment code → the admin refuses → the money is back.
 */

async function loginContext(context: BrowserContext, baseURL: string, account: string, password: string) {
  const response = await context.request.post(`${baseURL}/api/user/login`, { data: { account, password } });
  const body = (await response.json()) as { code: number; data: { userinfo: { token: string } } };
  expect(body.code).toBe(1);
  await storeSession(context, { token: body.data.userinfo.token, userInfo: null });
  return body.data.userinfo.token;
}

async function balanceOf(page: Page, token: string): Promise<number> {
  const response = await page.request.get('/api/user/extract', { headers: { token } });
  return ((await response.json()) as { data: { balance: number } }).data.balance;
}

test('recharge → pass → fund record → withdraw → refuse → money back', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const base = baseURL ?? '';
  const buyerToken = await loginContext(page.context(), base, 'demo', 'demo123');
  const start = await balanceOf(page, buyerToken);

  // 1. On-chain recharge with evidence.
  await page.goto('/walletTopUp');
  await expect(page.getByTestId('deposit-address')).toHaveText(/^T/);
  await expect(page.locator('.cm-deposit-address svg')).toBeVisible();
  await page.getByPlaceholder('金額を入力').fill('5000');
  await page.getByPlaceholder('送金元のアドレス').fill('TBuyerWalletE2E');
  const evidence = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#39f' } })
    .png()
    .toBuffer();
  await page
    .locator('[data-testid="evidence"] input[type="file"]')
    .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: evidence });
  await expect(page.locator('[data-testid="evidence"] .adm-image-uploader-cell-loading')).toHaveCount(0);
  await expect(page.locator('[data-testid="evidence"] .adm-image-uploader-cell img')).toBeVisible();
  await page.getByRole('button', { name: '送信' }).click();
  await expect(page).toHaveURL(/\/topUpRecord/);
  await expect(page.getByTestId('recharge-record').first()).toContainText('審査中');
  expect(await balanceOf(page, buyerToken)).toBe(start);

  // 2. The admin passes it, seeing the evidence.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ja-JP' });
  await loginContext(adminContext, base, 'admin', 'admin123');
  const admin = await adminContext.newPage();
  await admin.goto('/admin/recharges');
  const row = admin.locator('.ant-table-row').filter({ hasText: 'TBuyerWalletE2E' });
  await expect(row.locator('img')).toBeVisible();
  await row.getByRole('button', { name: '承認' }).click();
  await expect(admin.locator('.ant-modal input')).toHaveValue('5000');
  await admin.locator('.ant-modal').getByRole('button', { name: '確認' }).click();
  await expect(admin.locator('.ant-modal')).toBeHidden();
  expect(await balanceOf(page, buyerToken)).toBe(start + 5000);

  // 3. Balance and fund record show it (the fund record also refreshes the session's balance).
  const userInfo = page.waitForResponse((response) => response.url().includes('/api/user/getUserInfo'));
  await page.goto('/capitalRecord');
  await userInfo;
  const first = page.getByTestId('bill-entry').first();
  await expect(first).toContainText('チャージ');
  await expect(first).toContainText('5,000');
  await page.goto('/filter');
  await expect(page.getByTestId('balance')).toContainText((start + 5000).toLocaleString('ja-JP'));

  // 4. Withdraw with the payment code on the keypad.
  await page.goto('/withDraw');
  await expect(page.getByTestId('withdraw-balance')).toContainText((start + 5000).toLocaleString('ja-JP'));
  await page.getByPlaceholder('金額を入力').fill('2000');
  await expect(page.getByTestId('withdraw-preview')).toContainText('20');
  await expect(page.getByTestId('withdraw-preview')).toContainText('1,980');
  await page.locator('.adm-form-item').filter({ hasText: '銀行カード番号' }).locator('input').fill('6222020000001234');
  await page.locator('.adm-form-item').filter({ hasText: '銀行名' }).locator('input').fill('MUFG');
  await page.locator('.adm-form-item').filter({ hasText: '名義人' }).locator('input').fill('Demo Buyer');
  await page.getByRole('button', { name: '出金する' }).click();
  await page.locator('.adm-passcode-input').click();
  for (const digit of '123456') {
    await page.locator('.adm-number-keyboard-key').getByText(digit, { exact: true }).click();
  }
  await expect(page).toHaveURL(/\/depositRecord/);
  await expect(page.getByTestId('withdrawal-record').first()).toContainText('審査中');
  expect(await balanceOf(page, buyerToken)).toBe(start + 3000);

  // 5. The admin refuses it; the money is back.
  await admin.goto('/admin/withdrawals');
  const pending = admin.locator('.ant-table-row').filter({ hasText: 'MUFG' });
  await pending.getByRole('button', { name: '却下' }).click();
  await admin.locator('.ant-modal textarea').fill('口座名義が一致しません');
  await admin.locator('.ant-modal').getByRole('button', { name: '確認' }).click();
  await expect(admin.locator('.ant-modal')).toBeHidden();
  expect(await balanceOf(page, buyerToken)).toBe(start + 5000);
  await page.goto('/capitalRecord');
  await expect(page.getByTestId('bill-entry').first()).toContainText('出金返金');
  await page.goto('/depositRecord');
  await page.getByRole('tab', { name: '却下' }).click();
  await expect(page.getByTestId('withdrawal-record').first()).toContainText('口座名義が一致しません');

  const verify = await admin.request.get('/api/admin/ledger_verify', {
    headers: { token: await loginContext(adminContext, base, 'admin', 'admin123') },
  });
  expect(((await verify.json()) as { data: { ok: boolean } }).data.ok).toBe(true);
  await adminContext.close();
});
