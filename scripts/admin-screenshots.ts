/**
 * `node scripts/admin-screenshots.ts [baseURL] [outDir]`: the admin console's dashboard, a user's
 * detail and the audit log at 1280×800 (desktop) in Japanese, English and Simplified Chinese,
 * written to docs/screenshots/admin-*.png. Needs a running server with the demo data
 * (`SEED_DEMO=true`). It changes the demo data: the demo buyer pays an order, the admin clears the
 * buyer's login lockout and suspends and restores a shop (audit rows).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './lib/phone-shots.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const baseURL = process.argv[2] ?? 'http://127.0.0.1:3000';
const out = process.argv[3] ?? path.join(root, 'docs/screenshots');

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
const login = async (account: string, password: string) =>
  (await call<{ userinfo: { token: string; id: number } }>('POST', '/api/user/login', '', { account, password }))
    .userinfo;

const buyer = await login('demo', 'demo123');
const admin = await login('admin', 'admin123');

// Some activity for the figures and the log: a paid order, a cleared lockout, a shop suspended and restored.
const address = await call<{ id: number }>('POST', '/api/user/address_add', buyer.token, {
  name: '山田 花子',
  mobile: '+819011112222',
  area: { codes: ['JP', 'JP-13', 'JP-13-shinjuku'], text: '日本 / 東京都 / 新宿区' },
  address: '西新宿 2-8-1',
  tag: 'home',
  is_default: true,
});
const products = await call<{ list: { id: number }[] }>('GET', '/api/product/list?limit=5', buyer.token);
const detail = await call<{ skus: { id: number; stock: number }[] }>(
  'GET',
  `/api/product/detail?id=${products.list[0]?.id}`,
  buyer.token,
);
const order = await call<{ order_ids: number[] }>('POST', '/api/order/create', buyer.token, {
  sku_id: detail.skus.find((sku) => sku.stock > 1)?.id,
  quantity: 2,
  address_id: address.id,
});
await call('POST', '/api/user/verify_pay', buyer.token, { order_ids: order.order_ids, paypwd: '123456' });
await call('POST', '/api/admin/user_clear_lockout', admin.token, { id: buyer.id, kind: 'login' });
const shops = await call<{ list: { id: number }[] }>('GET', '/api/admin/shop_list?limit=1&order=asc', admin.token);
const shopId = shops.list[0]?.id ?? 0;
await call('POST', '/api/admin/shop_suspend', admin.token, { id: shopId, reason: 'Counterfeit check' });
await call('POST', '/api/admin/shop_restore', admin.token, { id: shopId, reason: 'Documents verified' });

const languages = [
  { file: 'jp', locale: 'ja-JP' },
  { file: 'en', locale: 'en-US' },
  { file: 'zh-cn', locale: 'zh-CN' },
] as const;

const browser = await launchChromium();
try {
  for (const language of languages) {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      deviceScaleFactor: 1,
      locale: language.locale,
      colorScheme: 'light',
    });
    await context.addInitScript(
      ({ file, token }) => {
        // biome-ignore lint/suspicious/noDocumentCookie: the app's own cookies, set as the app sets them
        document.cookie = `language=${file}; path=/`;
        // biome-ignore lint/suspicious/noDocumentCookie: the app's own cookies, set as the app sets them
        document.cookie = `Admin-Token=${token}; path=/`;
        const state = { token, userInfo: null, backData: null, history: [] };
        localStorage.setItem('crossmart-session', JSON.stringify({ state, version: 1 }));
      },
      { file: language.file, token: admin.token },
    );
    const page = await context.newPage();
    const shots: [string, string, string][] = [
      ['dashboard', '/admin', '.cm-console__chart'],
      ['user-detail', `/admin/users/${buyer.id}`, '.ant-descriptions'],
      ['audit-log', '/admin/audit', '.ant-table-row'],
    ];
    for (const [name, url, ready] of shots) {
      await page.goto(`${baseURL}${url}`);
      await page.locator(ready).first().waitFor();
      await page.waitForTimeout(400);
      await page.screenshot({ path: path.join(out, `admin-${name}-${language.file}.png`) });
    }
    await context.close();
  }
} finally {
  await browser.close();
}
