import { expect, test } from '@playwright/test';

test('the shop opens on a phone in Japanese and talks to the API', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Crossmart' })).toBeVisible();
  await expect(page.getByText('世界中の商品を、ひとつのウォレットで。')).toBeVisible();
  await expect(page.getByTestId('currency')).toContainText('JPY');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
});

test('seller and admin areas are served from the same build', async ({ page }) => {
  await page.goto('/seller');
  await expect(page.getByRole('heading', { name: 'セラープラットフォーム' })).toBeVisible();
  await page.goto('/admin/some/deep/link');
  await expect(page.getByRole('heading', { name: '管理コンソール' })).toBeVisible();
});

test('an English browser gets English', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByText('Shop the world, pay in one wallet.')).toBeVisible();
  await context.close();
});
