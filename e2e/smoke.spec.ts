import { expect, test } from '@playwright/test';

test('the shop opens on a phone in Japanese and talks to the API', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('Crossmart').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: '人気商品' })).toBeVisible();
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  const config = await page.request.get('/api/config');
  expect((await config.json()).data.currency).toBe('JPY');
});

test('seller and admin areas are served from the same build, each with its own login page', async ({ page }) => {
  await page.goto('/seller');
  await expect(page).toHaveURL(/\/seller\/login$/);
  await expect(page.getByRole('heading', { name: '出店者ログイン' })).toBeVisible();
  await page.goto('/admin/some/deep/link');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByText('管理者ログイン')).toBeVisible();
  await expect(page.locator('.ant-card')).toBeVisible();
});
