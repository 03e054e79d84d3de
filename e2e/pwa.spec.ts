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

interface HomeAnswer {
  hot_products: { id: number; shop_id: number; title: string; price: number; image: string }[];
}

test('a product link fetched by a link-preview crawler carries its title, first image and price', async ({
  request,
}) => {
  const home = (await (await request.get('/api/home', { headers: { lang: 'en' } })).json()) as { data: HomeAnswer };
  const product = home.data.hot_products[0];
  if (!product) throw new Error('the demo seed has hot products');
  const detail = (await (
    await request.get(`/api/product/detail?id=${product.id}`, { headers: { lang: 'en' } })
  ).json()) as { data: { title: string; images: string[]; price: number; shop: { name: string } } };

  const crawler = await request.get(`/detail/${product.id}/${product.shop_id}`, {
    headers: { 'user-agent': 'Twitterbot/1.0', lang: 'en' },
  });
  expect(crawler.status()).toBe(200);
  const html = await crawler.text();
  const tag = (name: string) => new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)"`).exec(html)?.[1];
  const escaped = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
  expect(tag('og:title')).toBe(escaped(`${detail.data.title} · ${detail.data.shop.name}`));
  expect(tag('og:image')).toBe(new URL(detail.data.images[0] ?? '', crawler.url()).href);
  expect(tag('product:price:amount')).toBe(String(detail.data.price));
  expect(tag('og:description')).toContain(detail.data.price.toLocaleString('en'));

  // A person's browser gets the app as it is.
  const person = await request.get(`/detail/${product.id}/${product.shop_id}`);
  expect(await person.text()).not.toContain('og:title');
});

test('the share button copies the product link where there is no share sheet', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await context.addInitScript(() => {
    // Linux Chromium has no share sheet either; make sure the fallback is what runs.
    Object.defineProperty(navigator, 'share', { value: undefined });
  });
  await page.goto('/home');
  await page.locator('.cm-screen').filter({ visible: true }).getByTestId('product-card').first().click();
  await expect(page).toHaveURL(/\/detail\/\d+/);
  await page.getByRole('button', { name: 'シェア' }).click();
  await expect(page.getByText('リンクをコピーしました')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(new URL(new URL(page.url()).pathname, page.url()).href);
});

test('typing in search shows product and shop suggestions, and recent searches survive a reload', async ({ page }) => {
  const home = (await (await page.request.get('/api/home', { headers: { lang: 'jp' } })).json()) as {
    data: HomeAnswer & { hot_shops: { id: number; name: string }[] };
  };
  const product = home.data.hot_products[0];
  const shop = home.data.hot_shops[0];
  if (!product || !shop) throw new Error('the demo seed has hot products and shops');
  const productWord = [...product.title].slice(0, 3).join('');

  await page.goto('/search');
  const box = page.getByRole('searchbox').or(page.locator('.cm-search-row input')).first();
  const suggestCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/search/suggest'))
      suggestCalls.push(new URL(request.url()).searchParams.get('keyword') ?? '');
  });
  // Typed quickly: one call for the settled text, none for the letters on the way (debounced).
  await box.pressSequentially(productWord, { delay: 20 });
  const products = page.getByTestId('suggest-product');
  await expect(products.first()).toBeVisible();
  expect(suggestCalls).toEqual([productWord]);

  await box.fill(shop.name);
  await expect(page.getByTestId('suggest-shop').filter({ hasText: shop.name })).toBeVisible();

  await box.fill(productWord);
  await box.press('Enter');
  await expect(page.getByTestId('product-card').first()).toBeVisible();

  await page.reload();
  await page.goto('/search');
  const recent = page.locator('.cm-search-start section').filter({ hasText: '検索履歴' });
  await expect(recent.getByRole('button', { name: productWord })).toBeVisible();
});

test('a search without results offers the nearest category', async ({ page }) => {
  await page.goto(`/search?keyword=${encodeURIComponent('zzqqxxnothing')}`);
  await expect(page.getByTestId('no-results')).toBeVisible();
  await expect(page.getByText('「zzqqxxnothing」に一致する商品はありません')).toBeVisible();
  await page.getByTestId('no-results').getByRole('button').click();
  await expect(page).toHaveURL(/\/explore\?category=\d+/);
});

test('products viewed on this device show on the me page, newest first', async ({ page, loginAsDemo }) => {
  await loginAsDemo();
  const home = (await (await page.request.get('/api/home', { headers: { lang: 'jp' } })).json()) as {
    data: HomeAnswer;
  };
  const [first, second] = home.data.hot_products;
  if (!first || !second) throw new Error('the demo seed has hot products');
  for (const product of [first, second]) {
    await page.goto(`/detail/${product.id}/${product.shop_id}`);
    await expect(
      page.getByRole('heading', { name: product.title }).or(page.getByText(product.title).first()),
    ).toBeVisible();
  }
  await page.reload();
  await page.goto('/filter');
  const strip = page.getByTestId('recently-viewed');
  await expect(strip.getByRole('heading', { name: '最近チェックした商品' })).toBeVisible();
  const links = strip.getByRole('link');
  await expect(links).toHaveCount(2);
  await expect(links.first()).toHaveAttribute('href', `/detail/${second.id}/${second.shop_id}`);
  await expect(links.nth(1)).toHaveAttribute('href', `/detail/${first.id}/${first.shop_id}`);
});
