/**
 * `node scripts/screenshots-service.ts [baseURL] [outDir]`: the customer-service chat, the
 * notifications and the me tab with its unread badges at 390×844 in Japanese, English and Arabic,
 * plus the admin console's service inbox (desktop), written to docs/screenshots/. Needs a running
 * server with the demo data (`SEED_DEMO=true`). It changes the demo data: the demo buyer writes to
 * customer service and the demo admin answers (text and a picture); the buyer pays an order that
 * the shop's merchant ships, and one recharge is passed and one refused.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { launchChromium, phonePage, shotLanguages } from './lib/phone-shots.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const baseURL = process.argv[2] ?? 'http://127.0.0.1:3000';
const out = process.argv[3] ?? path.join(root, 'docs/screenshots');

async function call<T>(method: 'GET' | 'POST', url: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL}${url}`, {
    method,
    headers: { 'content-type': 'application/json', token, lang: 'en' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as { code: number; msg: string; data: T };
  if (json.code !== 1) throw new Error(`${url}: ${json.msg}`);
  return json.data;
}

async function login(account: string, password: string): Promise<string> {
  return (await call<{ userinfo: { token: string } }>('POST', '/api/user/login', '', { account, password })).userinfo
    .token;
}

/** A picture for a chat message or a recharge's evidence: a receipt-like card. */
async function upload(token: string, purpose: 'service' | 'evidence'): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320">
    <rect width="480" height="320" rx="24" fill="#fff3ec"/>
    <rect x="32" y="40" width="260" height="26" rx="8" fill="#ff5a1f"/>
    <rect x="32" y="96" width="416" height="16" rx="8" fill="#f3c3ad"/>
    <rect x="32" y="130" width="360" height="16" rx="8" fill="#f3c3ad"/>
    <rect x="32" y="164" width="300" height="16" rx="8" fill="#f3c3ad"/>
    <rect x="32" y="236" width="180" height="44" rx="12" fill="#22a06b"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'picture.png');
  const response = await fetch(`${baseURL}/api/upload`, { method: 'POST', headers: { token }, body: form });
  const json = (await response.json()) as { code: number; msg: string; data: { url: string } };
  if (json.code !== 1) throw new Error(`upload: ${json.msg}`);
  return json.data.url;
}

const buyer = await login('demo', 'demo123');
const admin = await login('admin', 'admin123');
const me = await call<{ id: number }>('GET', '/api/user/getUserInfo', buyer);

// The conversation.
await call('POST', '/api/service/send', buyer, {
  kind: 'text',
  body: 'Hello, my bank transfer from this morning is not in my balance yet. Could you check it?',
});
await call('POST', '/api/admin/service_reply', admin, {
  user_id: me.id,
  kind: 'text',
  body: 'Hello! Of course. Could you send us a picture of the transfer receipt?',
});
await call('POST', '/api/service/send', buyer, { kind: 'image', body: await upload(buyer, 'service') });
await call('POST', '/api/admin/service_reply', admin, {
  user_id: me.id,
  kind: 'text',
  body: 'Thank you, we found it. The amount will be credited within 10 minutes.',
});

// Notifications: an order paid and shipped, a recharge passed and one refused.
type Product = { id: number; shop_id: number };
const { list } = await call<{ list: Product[] }>('GET', '/api/product/list?sort=sales&limit=10', buyer);
const product = list[0];
if (!product) throw new Error('the demo catalogue is empty: start the server with SEED_DEMO=true');
const detail = await call<{ skus: { id: number; stock: number }[] }>(
  'GET',
  `/api/product/detail?id=${product.id}`,
  buyer,
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
  sku_id: detail.skus.find((sku) => sku.stock > 0)?.id,
  quantity: 1,
  address_id: book.list[0]?.id,
});
const orderId = order.order_ids[0] ?? 0;
await call('POST', '/api/user/verify_pay', buyer, { order_ids: [orderId], paypwd: '123456' });
const merchant = await login(product.shop_id === 1 ? 'merchant' : `merchant${product.shop_id}`, 'merchant123');
await call('POST', '/api/merchant/order_ship', merchant, {
  order_id: orderId,
  carrier: 'Yamato Transport',
  tracking_no: '4912-3456-7890',
});
for (const [amount, status] of [
  [20_000, 1],
  [5_000, 2],
] as const) {
  const recharge = await call<{ id: number }>('POST', '/api/user/recharge', buyer, {
    method: 'bank',
    amount,
    image: await upload(buyer, 'evidence'),
  });
  await call('POST', '/api/admin/recharge_audit', admin, {
    id: recharge.id,
    status,
    ...(status === 1 ? { actual_amount: amount } : { reason: 'The transfer was not found.' }),
  });
}
// A newer answer, unread, so the me tab shows both badges.
await call('POST', '/api/admin/service_reply', admin, {
  user_id: me.id,
  kind: 'text',
  body: 'Your balance has been updated. Is there anything else we can help with?',
});

const userinfo = await call<Record<string, unknown>>('GET', '/api/user/getUserInfo', buyer);
const browser = await launchChromium();
// The chat holds an event stream open: wait for its content, not for an idle network.
const screens = [
  { name: 'meUnread', url: '/filter', ready: '[data-testid="unread-service"]' },
  { name: 'notification', url: '/notification', ready: '[data-testid="notification"]' },
  { name: 'service', url: '/service', ready: '[data-testid="service-message"] img' },
] as const;
// Screen by screen: opening the chat reads the answers, so every me tab is taken before it.
for (const screen of screens) {
  for (const language of shotLanguages) {
    const page = await phonePage(browser, language, { token: buyer, userinfo, history: ['/filter'] });
    await page.goto(`${baseURL}${screen.url}`);
    await page.locator(screen.ready).first().waitFor();
    if (screen.name === 'meUnread') await page.locator(screen.ready).scrollIntoViewIfNeeded();
    await page.waitForTimeout(800);
    const file = path.join(out, `${screen.name}-${language.file}.png`);
    await page.screenshot({ path: file });
    console.log(file);
    await page.context().close();
  }
}

// The admin console's inbox at desktop size, with the demo buyer's conversation open.
await call('POST', '/api/service/send', buyer, { kind: 'text', body: 'No, that is all. Thank you very much!' });
const adminInfo = await call<Record<string, unknown>>('GET', '/api/user/getUserInfo', admin);
const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
await context.addInitScript(
  ({ token, userInfo }) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the app's own cookies, set as the app sets them
    document.cookie = 'language=en; path=/';
    // biome-ignore lint/suspicious/noDocumentCookie: the app's own cookies, set as the app sets them
    document.cookie = `Admin-Token=${token}; path=/`;
    const state = { token, userInfo, backData: null, history: [] };
    localStorage.setItem('crossmart-session', JSON.stringify({ state, version: 1 }));
  },
  { token: admin, userInfo: adminInfo },
);
const page = await context.newPage();
await page.goto(`${baseURL}/admin/service`);
await page.getByTestId('admin-conversation-item').first().click();
await page.locator('[data-testid="admin-message"] img').first().waitFor();
await page.waitForTimeout(600);
const file = path.join(out, 'adminService-en.png');
await page.screenshot({ path: file });
console.log(file);
await context.close();
await browser.close();
