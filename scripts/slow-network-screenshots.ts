/**
 * `node scripts/slow-network-screenshots.ts [baseURL]`: issue 21's slow-network screens at 390×844 in
 * Japanese, English and Arabic, written to docs/screenshots/: the search screen with popular
 * searches (and a recent search), the skeletons of /home and of a search's results while their call
 * is held, and a failure state with its retry button (the product list's call failed). Needs a
 * server started with `SEED_DEMO=true`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { launchChromium, phonePage, shotLanguages } from './lib/phone-shots.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const baseURL = process.argv[2] ?? 'http://127.0.0.1:3000';
const out = path.join(root, 'docs/screenshots');
const recentWord: Record<string, string> = { jp: 'ランタン', en: 'lantern', ar: 'lantern' };
const failedWord: Record<string, string> = { jp: 'テント', en: 'tent', ar: 'tent' };

/** Holds the calls matching `pattern` (never answered): the screen stays in its loading state. */
async function hold(page: Page, pattern: string) {
  await page.route(pattern, () => new Promise<void>(() => {}));
}

const browser = await launchChromium();
for (const language of shotLanguages) {
  const page = await phonePage(browser, language);
  await page.context().route('**/sw.js', (route) => route.abort());

  // Popular searches beside a recent search (typed and searched, so it is in the history).
  await page.goto(`${baseURL}/search`);
  const box = page.locator('.cm-search-row input').first();
  await box.fill(recentWord[language.file] ?? 'lantern');
  await box.press('Enter');
  await page.getByTestId('product-card').first().waitFor();
  await page.reload();
  await page.goto(`${baseURL}/search`);
  await page.getByTestId('popular-searches').getByRole('button').first().waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(out, `popularSearches-${language.file}.png`) });
  await page.context().close();

  // Skeletons: /home and search results with their call held.
  const slow = await phonePage(browser, language);
  await slow.context().route('**/sw.js', (route) => route.abort());
  await hold(slow, '**/api/home');
  await slow.goto(`${baseURL}/home`);
  await slow.getByTestId('skeleton').first().waitFor();
  await slow.waitForTimeout(500);
  await slow.screenshot({ path: path.join(out, `skeletonHome-${language.file}.png`) });
  await hold(slow, '**/api/product/list?*');
  await slow.goto(`${baseURL}/search?keyword=${encodeURIComponent(failedWord[language.file] ?? 'tent')}`);
  await slow.locator('.cm-screen').filter({ visible: true }).getByTestId('skeleton').waitFor();
  await slow.waitForTimeout(500);
  await slow.screenshot({ path: path.join(out, `skeletonSearch-${language.file}.png`) });
  await slow.context().close();

  // A failure state with retry: the product list's call fails as offline would.
  const failing = await phonePage(browser, language);
  await failing.context().route('**/sw.js', (route) => route.abort());
  await failing.route('**/api/product/list?*', (route) => route.abort('internetdisconnected'));
  await failing.goto(`${baseURL}/search?keyword=${encodeURIComponent(failedWord[language.file] ?? 'tent')}`);
  await failing.getByTestId('load-error').waitFor();
  // After the client's toast is gone: the screen as it stays.
  await failing.waitForTimeout(2000);
  await failing.screenshot({ path: path.join(out, `loadError-${language.file}.png`) });
  await failing.context().close();
}
await browser.close();
console.log(`written to ${out}`);
