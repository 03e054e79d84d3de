import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Issue 21 "Done when": the shopper app is installable (Chromium's own installability check through
 * the DevTools protocol; Lighthouse 13 has no PWA category any more), its service worker controls
 * the page, and after a first visit `/home` opens offline from the cached shell with the offline
 * banner. The browser runs in Japanese (playwright.config.ts).
 */

/** Waits until the service worker is active and controls this page (it claims open pages). */
async function waitForWorker(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return registration?.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
        }),
      { timeout: 20_000 },
    )
    .toBe(true);
}

test('the app is installable and its service worker controls the page', async ({ baseURL }) => {
  // Chromium never offers to install from an incognito profile, which every Playwright context
  // is: this check needs a profile on disk.
  const profile = await mkdtemp(path.join(tmpdir(), 'crossmart-pwa-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    viewport: { width: 390, height: 844 },
    locale: 'ja-JP',
    ...(baseURL ? { baseURL } : {}),
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/home');
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await waitForWorker(page);

  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  expect(installabilityErrors).toEqual([]);
  const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
  expect(manifest.errors).toEqual([]);
  const data = JSON.parse(manifest.data ?? '{}') as {
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { sizes: string; purpose: string }[];
  };
  expect(data).toMatchObject({ start_url: '/home', display: 'standalone' });
  expect(data.theme_color).toMatch(/^#/);
  expect(data.background_color).toMatch(/^#/);
  const sizes = data.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
  for (const size of ['192x192 any', '512x512 any', '512x512 maskable']) expect(sizes).toContain(size);
  // Every icon the manifest names is served as a PNG.
  for (const icon of data.icons as unknown as { src: string }[]) {
    const response = await page.request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
  }
  await context.close();
  await rm(profile, { recursive: true, force: true });
});

test('after a first visit, /home opens offline from the cached shell with the offline banner', async ({
  page,
  context,
}) => {
  await page.goto('/home');
  const firstProduct = page.locator('.cm-screen').filter({ visible: true }).locator('a[href^="/detail/"]').first();
  await expect(firstProduct).toBeVisible();
  await waitForWorker(page);
  // The home answer goes through the worker once it controls the page (stale-while-revalidate).
  await page.reload();
  await expect(firstProduct).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);

  await context.setOffline(true);
  await page.goto('/home');
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toHaveText('オフラインです。保存済みのページを表示しています');
  // The shell, the Japanese texts and the cached home list all came from the worker's caches.
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await expect(firstProduct).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
});
