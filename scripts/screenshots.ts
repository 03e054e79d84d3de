/**
 * `node scripts/screenshots.ts [baseURL] [screen,screen…]`: screenshots of home, explore, product
 * detail, shop, me, language, login, register, the payment code, settings and the wallet screens
 * (walletTopUp, withDraw, capitalRecord) at 390×844 in Japanese,
 * English and Arabic, written to docs/screenshots/ (all screens, or the listed ones).
 * Needs a running server (`npm start`).
 * Logs in as the demo buyer when the login call works; otherwise it stores a demo session the way the
 * app does (token + user info), which is enough for these screens.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, phonePage, shotLanguages } from './lib/phone-shots.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const baseURL = process.argv[2] ?? 'http://127.0.0.1:3000';
const allScreens = [
  'login',
  'register',
  'home',
  'explore',
  'detail',
  'shop',
  'me',
  'language',
  'changePayPwd',
  'setting',
  'walletTopUp',
  'withDraw',
  'capitalRecord',
] as const;
type Screen = (typeof allScreens)[number];
const only = process.argv[3]?.split(',');
const screens = allScreens.filter((screen) => !only || only.includes(screen));

/** The demo catalogue's best seller and its shop: the detail and shop screens show them. */
async function showcase(): Promise<{ product: number; shop: number; category: number }> {
  const response = await fetch(`${baseURL}/api/home`);
  const body = (await response.json()) as {
    data: { hot_products: { id: number; shop_id: number; category_id: number }[] };
  };
  const first = body.data.hot_products[0];
  if (!first) throw new Error('the demo catalogue is empty: start the server with SEED_DEMO=true');
  return { product: first.id, shop: first.shop_id, category: first.category_id };
}
const out = path.join(root, 'docs/screenshots');

const demoUser = {
  id: 1,
  account: 'demo',
  family_name: 'Demo',
  given_name: 'Shopper',
  balance: 128_500,
  role: 'buyer',
  has_pay_password: true,
  shop_id: null,
};

async function demoToken(): Promise<{ token: string; userinfo: Record<string, unknown> }> {
  try {
    const response = await fetch(`${baseURL}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'demo', password: 'demo123' }),
    });
    const body = (await response.json()) as { code: number; data?: { userinfo?: { token: string } } };
    if (body.code === 1 && body.data?.userinfo) {
      const { token, ...userinfo } = body.data.userinfo;
      return { token, userinfo };
    }
  } catch {
    // fall through to the stored demo session
  }
  return { token: 'screenshot-demo-token', userinfo: demoUser };
}

const browser = await launchChromium();
const session = await demoToken();
const shown = await showcase();
for (const language of shotLanguages) {
  for (const screen of screens) {
    const loggedIn = !(['login', 'register', 'home', 'explore', 'detail', 'shop'] as Screen[]).includes(screen);
    const page = await phonePage(browser, language, loggedIn ? session : undefined);
    const url = {
      login: '/login',
      register: '/register',
      home: '/home',
      explore: `/explore?category=${shown.category}`,
      detail: `/detail/${shown.product}/${shown.shop}`,
      shop: `/shop/${shown.shop}`,
      me: '/filter',
      language: '/language',
      changePayPwd: '/changePayPwd',
      setting: '/setting',
      walletTopUp: '/walletTopUp',
      withDraw: '/withDraw',
      capitalRecord: '/capitalRecord',
    }[screen];
    await page.goto(`${baseURL}${url}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(400);
    const file = path.join(out, `${screen}-${language.file}.png`);
    await page.screenshot({ path: file });
    console.log(file);
    await page.context().close();
  }
}
await browser.close();
