import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Issue 21, slow networks: skeletons while a call is slow (in the place and size of what replaces
 * them), a retry on failure states, optimistic mark-read that rolls back, and popular searches. The
 * API is held or failed with `page.route`; the service worker is blocked so every call reaches it.
 */
test.use({ serviceWorkers: 'block' });

const visible = (page: Page) => page.locator('.cm-screen').filter({ visible: true });

/** Holds every call matching `pattern` until `release()`; then they go to the server. */
async function holdCalls(page: Page, pattern: string) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route: Route) => {
    await gate;
    await route.continue();
  });
  return () => release();
}

/** Fails the first call matching `pattern` as the network would; later calls go through. */
async function failFirstCall(page: Page, pattern: string) {
  let failed = 0;
  await page.route(pattern, async (route: Route) => {
    if (failed === 0) {
      failed += 1;
      await route.abort('internetdisconnected');
      return;
    }
    await route.continue();
  });
}

test('a slow product list shows a skeleton grid of the same size, then the products in its place', async ({ page }) => {
  const release = await holdCalls(page, '**/api/product/list?*');
  await page.goto(`/search?keyword=${encodeURIComponent('テント')}`);
  const skeleton = visible(page).getByTestId('skeleton');
  await expect(skeleton).toBeVisible();
  await expect(skeleton).toHaveAttribute('aria-busy', 'true');
  const placeholder = await skeleton.locator('.cm-card').first().boundingBox();

  release();
  const card = visible(page).getByTestId('product-card').first();
  await expect(card).toBeVisible();
  await expect(visible(page).getByTestId('skeleton')).toHaveCount(0);
  const loaded = await card.boundingBox();
  // No layout shift: the first card takes the placeholder's place and size.
  expect(loaded?.x).toBeCloseTo(placeholder?.x ?? -1, 0);
  expect(loaded?.y).toBeCloseTo(placeholder?.y ?? -1, 0);
  expect(loaded?.width).toBeCloseTo(placeholder?.width ?? -1, 0);
  expect(Math.abs((loaded?.height ?? 0) - (placeholder?.height ?? 0))).toBeLessThanOrEqual(2);
});

test('home and a product detail show skeletons while their call is slow', async ({ page }) => {
  const releaseHome = await holdCalls(page, '**/api/home');
  await page.goto('/home');
  // Home's skeleton holds the product grid's own skeleton: two elements with the test id.
  await expect(visible(page).getByTestId('skeleton').first()).toBeVisible();
  releaseHome();
  const first = visible(page).getByTestId('product-card').first();
  await expect(first).toBeVisible();
  await expect(visible(page).getByTestId('skeleton')).toHaveCount(0);

  const releaseDetail = await holdCalls(page, '**/api/product/detail?*');
  const title = (await first.getAttribute('aria-label')) ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/detail\/\d+/);
  await expect(visible(page).getByTestId('skeleton')).toBeVisible();
  releaseDetail();
  await expect(visible(page).getByText(title).first()).toBeVisible();
  await expect(visible(page).getByTestId('skeleton')).toHaveCount(0);
});

test('a failed list shows what happened and a retry that loads it', async ({ page }) => {
  await failFirstCall(page, '**/api/product/list?*');
  await page.goto(`/search?keyword=${encodeURIComponent('テント')}`);
  const failure = visible(page).getByTestId('load-error');
  await expect(failure).toBeVisible();
  await expect(failure).toContainText('読み込めませんでした。通信環境を確認してください。');
  // Not mistaken for "no results".
  await expect(visible(page).getByTestId('no-results')).toHaveCount(0);
  await failure.getByRole('button', { name: '再試行' }).click();
  await expect(visible(page).getByTestId('product-card').first()).toBeVisible();
  await expect(visible(page).getByTestId('load-error')).toHaveCount(0);
});

test('a failed detail and a failed home offer a retry too', async ({ page }) => {
  await failFirstCall(page, '**/api/home');
  await page.goto('/home');
  await visible(page).getByTestId('load-error').getByRole('button', { name: '再試行' }).click();
  const first = visible(page).getByTestId('product-card').first();
  await expect(first).toBeVisible();
  const href = (await first.getAttribute('href')) ?? '';

  await failFirstCall(page, '**/api/product/detail?*');
  await page.goto(href);
  const failure = visible(page).getByTestId('load-error');
  await expect(failure).toBeVisible();
  await failure.getByRole('button', { name: '再試行' }).click();
  await expect(visible(page).getByRole('button', { name: 'シェア' })).toBeVisible();
  await expect(visible(page).getByTestId('load-error')).toHaveCount(0);
});

test('popular searches from the server show on the search screen and search when tapped', async ({ page }) => {
  const popular = (await (await page.request.get('/api/search/popular', { headers: { lang: 'jp' } })).json()) as {
    data: { terms: string[] };
  };
  const [top] = popular.data.terms;
  if (!top) throw new Error('the demo seed has popular searches');
  await page.goto('/search');
  const section = page.getByTestId('popular-searches');
  await expect(section.getByRole('heading', { name: '人気の検索ワード' })).toBeVisible();
  const chips = section.getByRole('button');
  await expect(chips).toHaveCount(popular.data.terms.length);
  await expect(chips.first()).toHaveText(top);
  await chips.first().click();
  await expect(page).toHaveURL(new RegExp(`keyword=${encodeURIComponent(top)}`));
  await expect(visible(page).getByTestId('product-card').first()).toBeVisible();
});

test('mark all read changes the rows and the badge at once; a refused call restores both and says why', async ({
  page,
  loginAsDemo,
}) => {
  await loginAsDemo();
  const notice = (id: number) => ({
    id,
    kind: 'order_paid',
    ref: `order:${id}`,
    params: { order_sn: `SN${id}`, amount: 1200 },
    is_read: false,
    created_at: new Date().toISOString(),
  });
  await page.route('**/api/notification/list?*', (route) =>
    route.fulfill({
      json: { code: 1, msg: 'ok', data: { list: [notice(902), notice(901)], page: 1, limit: 20, has_more: false } },
    }),
  );
  let unreadHeld = false;
  await page.route('**/api/notification/unread', async (route) => {
    // While the read call is pending the badge must show the guess, not a fresh count.
    if (unreadHeld) return;
    await route.fulfill({ json: { code: 1, msg: 'ok', data: { notifications: 2, service: 0, total: 2 } } });
  });
  let answerRead = (_body: object) => {};
  const readAnswered = new Promise<object>((resolve) => {
    answerRead = resolve;
  });
  await page.route('**/api/notification/read', async (route) => {
    await route.fulfill({ json: await readAnswered });
  });

  const meBadge = page
    .locator('.cm-tabbar .cm-tab')
    .filter({ has: page.getByTestId('tab-filter') })
    .locator('.cm-tab__badge');
  await page.goto('/filter');
  // The first load of the me page and its counts (a loaded machine takes a while).
  await expect(meBadge).toHaveText('2', { timeout: 15_000 });

  // Moves inside the app (a page load would drop the pending call with the page's state).
  const openNotifications = () =>
    visible(page).locator('.adm-list-item').filter({ hasText: 'お知らせ' }).first().click();
  await openNotifications();
  await expect(page).toHaveURL(/\/notification/);
  const unreadRows = visible(page).locator('.cm-alert-row--unread');
  await expect(visible(page).getByTestId('notification')).toHaveCount(2);
  await expect(unreadRows).toHaveCount(2);
  unreadHeld = true;
  await page.getByRole('button', { name: 'すべて既読' }).click();
  // At once, before the server answered: the rows, and the me tab's badge.
  await expect(unreadRows).toHaveCount(0);
  await visible(page).locator('.cm-page__header .cm-back').click();
  await expect(page).toHaveURL(/\/filter/);
  await expect(meBadge).toHaveCount(0);

  answerRead({ code: 0, msg: '既読にできませんでした（テスト）', error: 'SERVICE_UNAVAILABLE' });
  await expect(page.getByText('既読にできませんでした（テスト）')).toBeVisible();
  await expect(meBadge).toHaveText('2');
  await openNotifications();
  await expect(unreadRows).toHaveCount(2);
});

test('before its scripts and styles arrive, the page paints the app icon in its colours; the first screen replaces it', async ({
  page,
}) => {
  // Every built file held: what shows comes from the HTML alone (ADR 0023).
  const release = await holdCalls(page, '**/assets/**');
  await page.goto('/login', { waitUntil: 'commit' });
  const mark = page.locator('#root > .cm-boot-mark');
  const icon = mark.locator('svg');
  await expect(icon).toBeVisible();
  // Styled by the stylesheet inlined in the HTML: centred in the column, on the column's colour.
  const box = await icon.boundingBox();
  const viewport = page.viewportSize();
  expect(box?.width).toBe(72);
  expect((box?.x ?? 0) + (box?.width ?? 0) / 2).toBeCloseTo((viewport?.width ?? 0) / 2, 0);
  expect((box?.y ?? 0) + (box?.height ?? 0) / 2).toBeCloseTo((viewport?.height ?? 0) / 2, 0);
  expect(await page.locator('#root').evaluate((root) => getComputedStyle(root).backgroundColor)).toBe(
    'rgb(245, 246, 248)',
  );

  release();
  await expect(visible(page).locator('.cm-auth__title')).toBeVisible();
  await expect(mark).toHaveCount(0);
});
