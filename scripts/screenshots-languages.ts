/**
 * `node scripts/screenshots-languages.ts [baseURL] [languages] [screens]`: home, detail, bag,
 * checkout, me, mutual aid and the language list at 390×844 in Japanese, English, Arabic, Urdu, Thai, Hindi, Korean,
 * Russian and German (issue 16: no boxes for missing glyphs, no text cut or overflowing, RTL
 * mirrored), written to docs/screenshots/lang/<screen>-<file>.png. `languages` and `screens` are
 * comma lists to take a subset (`ar,pk`). Needs a running server with the demo data
 * (`SEED_DEMO=true`); it puts a product in the demo buyer's bag when the bag is empty.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, phonePage } from './lib/phone-shots.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const baseURL = process.argv[2] ?? 'http://127.0.0.1:3000';
const allLanguages = [
  { file: 'jp', locale: 'ja-JP' },
  { file: 'en', locale: 'en-US' },
  { file: 'ar', locale: 'ar' },
  { file: 'pk', locale: 'ur-PK' },
  { file: 'th', locale: 'th-TH' },
  { file: 'hi', locale: 'hi-IN' },
  { file: 'kr', locale: 'ko-KR' },
  { file: 'ru', locale: 'ru-RU' },
  { file: 'de', locale: 'de-DE' },
] as const;
const onlyLanguages = process.argv[3]?.split(',');
const languages = allLanguages.filter((language) => !onlyLanguages || onlyLanguages.includes(language.file));
const onlyScreens = process.argv[4]?.split(',');
const out = path.join(root, 'docs/screenshots/lang');
mkdirSync(out, { recursive: true });

async function call<T>(method: 'GET' | 'POST', url: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL}${url}`, {
    method,
    headers: { 'content-type': 'application/json', token },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as { code: number; msg: string; data: T };
  if (json.code !== 1) throw new Error(`${url}: ${json.msg}`);
  return json.data;
}

const login = await call<{ userinfo: { token: string } & Record<string, unknown> }>('POST', '/api/user/login', '', {
  account: 'demo',
  password: 'demo123',
});
const { token, ...userinfo } = login.userinfo;

type Bag = { shops: { items: { id: number }[] }[] };
const lineIds = (bag: Bag) => bag.shops.flatMap((shop) => shop.items.map((line) => line.id));
const home = await call<{ hot_products: { id: number; shop_id: number }[] }>('GET', '/api/home', token);
const product = home.hot_products[0];
if (!product) throw new Error('no demo products: start the server with SEED_DEMO=true');
let cartIds = lineIds(await call<Bag>('GET', '/api/cart/list', token));
if (cartIds.length === 0) {
  const detail = await call<{ skus: { id: number; stock: number }[] }>(
    'GET',
    `/api/product/detail?id=${product.id}`,
    token,
  );
  const sku = detail.skus.find((item) => item.stock > 2);
  if (sku) await call('POST', '/api/cart/add', token, { sku_id: sku.id, quantity: 2 });
  cartIds = lineIds(await call<Bag>('GET', '/api/cart/list', token));
}

const screens = [
  { name: 'home', url: '/home', history: [] },
  { name: 'detail', url: `/detail/${product.id}/${product.shop_id}`, history: ['/home'] },
  { name: 'bag', url: '/bag', history: [] },
  { name: 'checkout', url: `/checkout?cart_ids=${cartIds.join(',')}`, history: ['/bag'] },
  { name: 'me', url: '/filter', history: [] },
  { name: 'mutualAid', url: '/mutualAid', history: ['/filter'] },
  // The list names each language in its own script: every script must draw without boxes.
  { name: 'language', url: '/language', history: ['/filter'], end: true },
].filter((screen) => !onlyScreens || onlyScreens.includes(screen.name));

const browser = await launchChromium();
for (const language of languages) {
  for (const screen of screens) {
    const page = await phonePage(browser, language, { token, userinfo, history: screen.history });
    await page.goto(`${baseURL}${screen.url}`);
    await page.waitForLoadState('networkidle');
    // Skeletons mark loading screens: wait until the real content replaced them.
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 30_000 });
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(600);
    const file = path.join(out, `${screen.name}-${language.file}.png`);
    await page.screenshot({ path: file });
    console.log(file);
    if ('end' in screen) {
      // The screen scrolls inside the app shell: a second picture of its end.
      await page.evaluate(() => {
        for (const element of document.querySelectorAll('.cm-screen')) element.scrollTop = element.scrollHeight;
      });
      await page.waitForTimeout(300);
      const end = path.join(out, `${screen.name}-end-${language.file}.png`);
      await page.screenshot({ path: end });
      console.log(end);
    }
    await page.context().close();
  }
}
await browser.close();
