/**
 * `node scripts/seller-screenshots.ts [baseURL] [outDir]`: the seller platform's dashboard, product
 * form, order detail and shop settings at 390×844 in Japanese, English and Arabic, written to
 * docs/screenshots/. Needs a running server with the demo data (`SEED_DEMO=true`). It changes the
 * demo data: the demo buyer buys one product of the demo `merchant`'s shop, who ships it and adds a
 * tracking event.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, phonePage, shotLanguages } from './lib/phone-shots.ts';

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
  (await call<{ userinfo: { token: string } }>('POST', '/api/user/login', '', { account, password })).userinfo.token;

const buyer = await login('demo', 'demo123');
const merchant = await login('merchant', 'merchant123');
const info = await call<{ shop: { id: number } }>('GET', '/api/merchant/info', merchant);
const products = await call<{ list: { id: number; stock: number }[] }>(
  'GET',
  '/api/merchant/product_list?status=1&limit=20',
  merchant,
);
const form = await call<{ id: number; skus: { id: number; stock: number }[] }>(
  'GET',
  `/api/merchant/product_detail?id=${products.list.find((product) => product.stock > 2)?.id ?? 0}`,
  merchant,
);
let book = await call<{ list: { id: number }[] }>('GET', '/api/user/address_list', buyer);
if (book.list.length === 0) {
  await call('POST', '/api/user/address_add', buyer, {
    name: '山田 花子',
    mobile: '+819011112222',
    area: { codes: ['JP', 'JP-13', 'JP-13-shinjuku'], text: '日本 / 東京都 / 新宿区' },
    address: '西新宿 2-8-1',
    tag: 'home',
    is_default: true,
  });
  book = await call<{ list: { id: number }[] }>('GET', '/api/user/address_list', buyer);
}
const order = await call<{ order_ids: number[] }>('POST', '/api/order/create', buyer, {
  sku_id: form.skus.find((sku) => sku.stock > 1)?.id,
  quantity: 1,
  address_id: book.list[0]?.id,
  remark: 'Please wrap it as a gift',
});
const orderId = order.order_ids[0] ?? 0;
await call('POST', '/api/user/verify_pay', buyer, { order_ids: [orderId], paypwd: '123456' });
await call('POST', '/api/merchant/order_ship', merchant, {
  order_id: orderId,
  carrier: 'Yamato Transport',
  tracking_no: '4912-3456-7890',
});
await call('POST', '/api/merchant/logistics_add', merchant, {
  order_id: orderId,
  description: 'Arrived at the Osaka hub',
  location: 'Osaka',
});
const userinfo = await call<Record<string, unknown>>('GET', '/api/user/getUserInfo', merchant);
void info;

const browser = await launchChromium();
const screens = {
  'seller-dashboard': '/seller',
  'seller-product-form': `/seller/products/${form.id}`,
  'seller-order-detail': `/seller/orders/${orderId}`,
  'seller-shop': '/seller/shop',
};
for (const language of shotLanguages) {
  for (const [screen, url] of Object.entries(screens)) {
    const page = await phonePage(browser, language, { token: merchant, userinfo });
    await page.goto(`${baseURL}${url}`);
    await page.waitForLoadState('networkidle');
    // Every seller screen shows its content in cards once its query answered (not the skeleton).
    await page.locator('.adm-card').first().waitFor({ timeout: 20_000 });
    await page.waitForTimeout(800);
    const file = path.join(out, `${screen}-${language.file}.png`);
    await page.screenshot({ path: file });
    console.log(file);
    await page.context().close();
  }
}
await browser.close();
