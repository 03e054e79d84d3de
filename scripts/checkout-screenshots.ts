/**
 * `node scripts/checkout-screenshots.ts [baseURL] [outDir]`: the bag, checkout, payment (with the
 * pay dialog open), my purchases and a shipped order's detail at 390×844 in Japanese, English and
 * Arabic, written to docs/screenshots/. Needs a running server with the demo data
 * (`SEED_DEMO=true`). It changes the demo data: puts two products of two shops in the bag (when it
 * is empty), adds an address (when there is none), places an unpaid buy-now order for the payment
 * screen, and a second one that it pays and ships as the shop's demo merchant.
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

type Product = { id: number; shop_id: number };
/** The demo seed gives shop n (a fresh database numbers them from 1) to `merchant`, then `merchant<n>`. */
const merchantOf = (shopId: number) => (shopId === 1 ? 'merchant' : `merchant${shopId}`);
type Detail = { skus: { id: number; stock: number }[] };
type Bag = { shops: { items: { id: number }[] }[] };

const login = await call<{ userinfo: { token: string } }>('POST', '/api/user/login', '', {
  account: 'demo',
  password: 'demo123',
});
const token = login.userinfo.token;

/** In-stock SKUs of the best sellers of two different shops. */
async function twoShopsSkus(): Promise<number[]> {
  const { list } = await call<{ list: Product[] }>('GET', '/api/product/list?sort=sales&limit=30', token);
  const shops = new Set<number>();
  const skus: number[] = [];
  for (const product of list) {
    if (shops.has(product.shop_id)) continue;
    const sku = (await call<Detail>('GET', `/api/product/detail?id=${product.id}`, token)).skus.find(
      (item) => item.stock > 3,
    );
    if (!sku) continue;
    shops.add(product.shop_id);
    skus.push(sku.id);
    if (skus.length === 2) break;
  }
  return skus;
}

const lineIds = (bag: Bag) => bag.shops.flatMap((shop) => shop.items.map((line) => line.id));
const skus = await twoShopsSkus();
let cartIds = lineIds(await call<Bag>('GET', '/api/cart/list', token));
if (cartIds.length === 0) {
  for (const [index, sku] of skus.entries())
    await call('POST', '/api/cart/add', token, { sku_id: sku, quantity: index + 1 });
  cartIds = lineIds(await call<Bag>('GET', '/api/cart/list', token));
}
let book = await call<{ list: { id: number }[] }>('GET', '/api/user/address_list', token);
if (book.list.length === 0) {
  await call('POST', '/api/user/address_add', token, {
    name: '山田 花子',
    mobile: '+819011112222',
    area: { codes: ['JP', 'JP-13', 'JP-13-shinjuku'], text: '日本 / 東京都 / 新宿区' },
    address: '西新宿 2-8-1 都庁第一本庁舎 45階',
    tag: 'home',
    is_default: true,
  });
  book = await call<{ list: { id: number }[] }>('GET', '/api/user/address_list', token);
}
const order = await call<{ order_ids: number[] }>('POST', '/api/order/create', token, {
  sku_id: skus[0],
  quantity: 1,
  address_id: book.list[0]?.id,
});
const shipped = await call<{ order_ids: number[]; orders: { shop_id: number }[] }>('POST', '/api/order/create', token, {
  sku_id: skus[1],
  quantity: 2,
  address_id: book.list[0]?.id,
});
const shippedId = shipped.order_ids[0] ?? 0;
await call('POST', '/api/user/verify_pay', token, { order_ids: [shippedId], paypwd: '123456' });
const merchant = await call<{ userinfo: { token: string } }>('POST', '/api/user/login', '', {
  account: merchantOf(shipped.orders[0]?.shop_id ?? 1),
  password: 'merchant123',
});
await call('POST', '/api/merchant/order_ship', merchant.userinfo.token, {
  order_id: shippedId,
  carrier: 'Yamato Transport',
  tracking_no: '4912-3456-7890',
});
const userinfo = await call<Record<string, unknown>>('GET', '/api/user/getUserInfo', token);

const browser = await launchChromium();
const screens = {
  bag: '/bag',
  checkout: `/checkout?cart_ids=${cartIds.join(',')}`,
  payment: `/payment?order_ids=${order.order_ids.join(',')}`,
  myPurchases: '/myPurchases/all',
  orderInfo: `/orderInfo/${shippedId}`,
};
for (const language of shotLanguages) {
  for (const [screen, url] of Object.entries(screens)) {
    const page = await phonePage(browser, language, { token, userinfo });
    await page.goto(`${baseURL}${url}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    if (screen === 'payment') {
      await page.getByTestId('payment-pay').click();
      await page.waitForTimeout(900);
    }
    const file = path.join(out, `${screen}-${language.file}.png`);
    await page.screenshot({ path: file });
    console.log(file);
    await page.context().close();
  }
}
await browser.close();
