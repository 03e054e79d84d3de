/**
 * `node scripts/screenshots-support.ts [baseURL] [screen,screen…]`: the support and community
 * screens (mutualAid, mutualAidhHistroy, complaint, myComplaints, helpAndSupport, law, platform,
 * heart) at 390×844 in Japanese, English and Arabic, written to docs/screenshots/.
 * Needs a server started with `SEED_DEMO=true`. It prepares the demo buyer's data first: follows
 * and favourites for /heart, today's support, and a complaint the demo admin has answered.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, phonePage, shotLanguages } from './lib/phone-shots.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const baseURL = process.argv[2] ?? 'http://127.0.0.1:3000';
const allScreens = [
  'mutualAid',
  'mutualAidhHistroy',
  'complaint',
  'myComplaints',
  'helpAndSupport',
  'law',
  'platform',
  'heart',
] as const;
const only = process.argv[3]?.split(',');
const screens = allScreens.filter((screen) => !only || only.includes(screen));
const out = path.join(root, 'docs/screenshots');

type Body<T> = { code: number; msg: string; data: T };
async function call<T>(method: 'GET' | 'POST', url: string, token?: string, body?: unknown): Promise<Body<T>> {
  const response = await fetch(`${baseURL}${url}`, {
    method,
    headers: { 'content-type': 'application/json', lang: 'en', ...(token ? { token } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as Body<T>;
}

async function login(account: string, password: string) {
  const body = await call<{ userinfo: { token: string } & Record<string, unknown> }>(
    'POST',
    '/api/user/login',
    undefined,
    {
      account,
      password,
    },
  );
  if (body.code !== 1) throw new Error(`login ${account} failed: ${body.msg}`);
  const { token, ...userinfo } = body.data.userinfo;
  return { token, userinfo };
}

const buyer = await login('demo', 'demo123');
const admin = await login('admin', 'admin123');
const home = await call<{ hot_products: { id: number; shop_id: number }[]; hot_shops: { id: number; name: string }[] }>(
  'GET',
  '/api/home',
);
for (const shop of home.data.hot_shops.slice(0, 4))
  await call('POST', '/api/shop/follow', buyer.token, { shop_id: shop.id });
for (const product of home.data.hot_products.slice(0, 4)) {
  await call('POST', '/api/user/favourite_add', buyer.token, { product_id: product.id });
}
const supported = home.data.hot_shops[1] ?? home.data.hot_shops[0];
if (supported) await call('POST', '/api/merchant/assist', buyer.token, { shop_id: supported.id });
const mine = await call<{ list: unknown[] }>('GET', '/api/user/complaint_list', buyer.token);
const complainedShop = home.data.hot_shops[2] ?? home.data.hot_shops[0];
if (mine.data.list.length === 0 && complainedShop) {
  const answered = await call<{ id: number }>('POST', '/api/merchant/complaint', buyer.token, {
    shop_name: complainedShop.name,
    content:
      'The parcel arrived with a cracked lid. I asked the shop for a replacement three days ago and have had no answer.',
  });
  await call('POST', '/api/admin/complaint_handle', admin.token, {
    id: answered.data.id,
    reply: 'Thank you for telling us. We have asked the shop to send a replacement within 3 days and will follow up.',
  });
  await call('POST', '/api/merchant/complaint', buyer.token, {
    shop_name: complainedShop.name,
    content: 'The tracking number in the order does not work.',
  });
}

const browser = await launchChromium();
for (const language of shotLanguages) {
  for (const screen of screens) {
    const page = await phonePage(browser, language, { ...buyer, history: ['/filter'] });
    await page.goto(`${baseURL}/${screen}`);
    await page.waitForLoadState('networkidle');
    // Skeletons mark loading screens: wait until the real content replaced them.
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 30_000 });
    await page.waitForTimeout(600);
    const file = path.join(out, `${screen}-${language.file}.png`);
    await page.screenshot({ path: file });
    console.log(file);
    await page.context().close();
  }
}
await browser.close();
