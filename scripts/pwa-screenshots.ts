/**
 * `node scripts/pwa-screenshots.ts [baseURL]`: issue 21's screens at 390×844 in Japanese, English and
 * Arabic, written to docs/screenshots/: the offline banner on /home (after a first visit, with the
 * network cut), search suggestions while typing, and recently viewed products on the me page and in
 * an empty bag. Needs a server started with `SEED_DEMO=true`; uses the demo applicant (empty bag).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { launchChromium, phonePage, shotLanguages } from './lib/phone-shots.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const baseURL = process.argv[2] ?? 'http://127.0.0.1:3000';
const out = path.join(root, 'docs/screenshots');

type Body<T> = { code: number; msg: string; data: T };
async function call<T>(method: 'GET' | 'POST', url: string, body?: unknown, lang = 'en'): Promise<Body<T>> {
  const response = await fetch(`${baseURL}${url}`, {
    method,
    headers: { 'content-type': 'application/json', lang },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as Body<T>;
}

const login = await call<{ userinfo: { token: string } & Record<string, unknown> }>('POST', '/api/user/login', {
  account: 'applicant',
  password: 'applicant123',
});
if (login.code !== 1) throw new Error(`login failed: ${login.msg}`);
const { token, ...userinfo } = login.data.userinfo;
const session = { token, userinfo };

const searchWords: Record<string, string> = { jp: 'スマ', en: 'sma', ar: 'sma' };

async function waitForWorker(page: Page) {
  for (let i = 0; i < 40; i += 1) {
    const ready = await page.evaluate(() => navigator.serviceWorker.controller !== null);
    if (ready) return;
    await page.waitForTimeout(500);
  }
  throw new Error('the service worker never took control');
}

const browser = await launchChromium();
for (const language of shotLanguages) {
  const home = await call<{ hot_products: { id: number; shop_id: number }[] }>('GET', '/api/home');

  // Offline banner: a first visit, then /home again without network.
  const page = await phonePage(browser, language, session);
  await page.goto(`${baseURL}/home`);
  await page.getByTestId('product-card').first().waitFor();
  await waitForWorker(page);
  await page.reload();
  await page.getByTestId('product-card').first().waitFor();
  await page.context().setOffline(true);
  await page.goto(`${baseURL}/home`);
  await page.getByTestId('offline-banner').waitFor();
  await page.getByTestId('product-card').first().waitFor();
  await page.waitForTimeout(600);
  await page.screenshot({ path: path.join(out, `offline-${language.file}.png`) });
  await page.context().setOffline(false);

  // Suggestions while typing.
  await page.goto(`${baseURL}/search`);
  await page
    .locator('.cm-search-row input')
    .first()
    .pressSequentially(searchWords[language.file] ?? 'sma', { delay: 30 });
  await page.getByTestId('suggest-product').first().waitFor();
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(out, `searchSuggest-${language.file}.png`) });

  // Recently viewed: four product pages, then the me page and the (empty) bag.
  for (const product of home.data.hot_products.slice(0, 4).reverse()) {
    await page.goto(`${baseURL}/detail/${product.id}/${product.shop_id}`);
    await page.locator('.cm-price').first().waitFor();
  }
  await page.goto(`${baseURL}/filter`);
  const strip = page.getByTestId('recently-viewed');
  await strip.waitFor();
  await strip.scrollIntoViewIfNeeded();
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(out, `recentlyViewed-${language.file}.png`) });
  await page.goto(`${baseURL}/bag`);
  await page.getByTestId('recently-viewed').waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(out, `bagRecent-${language.file}.png`) });
  await page.context().close();
}
await browser.close();
console.log(`written to ${out}`);
