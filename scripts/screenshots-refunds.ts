/**
 * `node scripts/screenshots-refunds.ts [baseURL]`: the refund request form (`refund-<lang>.png`)
 * and a refund's detail (`refundInfo-<lang>.png`) at 390×844 in Japanese, English and Arabic,
 * written to docs/screenshots/. Needs a server started with `SEED_DEMO=true`. It prepares two
 * shipped orders of the demo buyer: one to fill the form for, and one whose refund request the
 * shop refused (its detail shows the proof, the steps and the buyer's next action: escalate).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { launchChromium, phonePage, shotLanguages } from './lib/phone-shots.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const baseURL = process.argv[2] ?? 'http://127.0.0.1:3000';
const out = path.join(root, 'docs/screenshots');

type Body<T> = { code: number; msg: string; data: T };
async function call<T>(method: 'GET' | 'POST', url: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL}${url}`, {
    method,
    headers: { 'content-type': 'application/json', lang: 'en', ...(token ? { token } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const parsed = (await response.json()) as Body<T>;
  if (parsed.code !== 1) throw new Error(`${url}: ${parsed.msg}`);
  return parsed.data;
}

async function login(account: string, password: string) {
  const data = await call<{ userinfo: { token: string } & Record<string, unknown> }>(
    'POST',
    '/api/user/login',
    undefined,
    {
      account,
      password,
    },
  );
  const { token, ...userinfo } = data.userinfo;
  return { token, userinfo };
}

const proofPicture = (background: string) =>
  sharp({
    create: { width: 320, height: 240, channels: 3, background },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="320" height="240"><rect x="60" y="50" width="200" height="140" rx="10" fill="#fff" opacity="0.85"/><path d="M90 160 L150 90 L175 130 L200 105 L235 160 Z" fill="#c44"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();

async function upload(token: string, buffer: Buffer): Promise<string> {
  const form = new FormData();
  form.append('purpose', 'refund');
  form.append('file', new Blob([new Uint8Array(buffer)], { type: 'image/png' }), 'proof.png');
  const response = await fetch(`${baseURL}/api/upload`, { method: 'POST', headers: { token }, body: form });
  const parsed = (await response.json()) as Body<{ url: string }>;
  if (parsed.code !== 1) throw new Error(`upload: ${parsed.msg}`);
  return parsed.data.url;
}

const buyer = await login('demo', 'demo123');
const address = await call<{ id: number }>('POST', '/api/user/address_add', buyer.token, {
  name: '山田 花子',
  mobile: '+819012345678',
  area: { codes: ['JP', 'JP-13', 'JP-13-shinjuku'], text: '日本 / 東京都 / 新宿区' },
  address: '西新宿 2-8-1',
  tag: 'home',
  is_default: false,
});

/** A paid order of one product (quantity 2), shipped by its shop's merchant. */
async function shippedOrder(productIndex: number) {
  const list = await call<{ list: { id: number }[] }>('GET', '/api/product/list?sort=sales&limit=20', buyer.token);
  for (const candidate of list.list.slice(productIndex)) {
    const detail = await call<{ shop_id: number; skus: { id: number; stock: number }[] }>(
      'GET',
      `/api/product/detail?id=${candidate.id}`,
      buyer.token,
    );
    const sku = detail.skus.find((item) => item.stock >= 3);
    if (!sku) continue;
    const created = await call<{ orders: { id: number; order_no: string; total: number }[] }>(
      'POST',
      '/api/order/create',
      buyer.token,
      { sku_id: sku.id, quantity: 2, address_id: address.id },
    );
    const order = created.orders[0];
    if (!order) throw new Error('no order');
    await call('POST', '/api/user/verify_pay', buyer.token, { order_ids: [order.id], paypwd: '123456' });
    const merchant = await login(detail.shop_id === 1 ? 'merchant' : `merchant${detail.shop_id}`, 'merchant123');
    await call('POST', '/api/merchant/order_ship', merchant.token, {
      order_id: order.id,
      carrier: 'Yamato',
      tracking_no: `YT${order.id}4821`,
    });
    return { order, merchant };
  }
  throw new Error('no product in stock');
}

const forForm = await shippedOrder(0);
const refused = await shippedOrder(2);
const pictures = [
  await upload(buyer.token, await proofPicture('#f4b183')),
  await upload(buyer.token, await proofPicture('#9dc3e6')),
];
const request = await call<{ id: number }>('POST', '/api/order/refund', buyer.token, {
  order_id: refused.order.id,
  type: 'refund_only',
  amount: Math.floor(refused.order.total / 2),
  product_status: 'received',
  reason: 'damaged',
  explanation: 'One of the two arrived with a cracked lid; photos attached.',
  pictures,
});
await call('POST', '/api/merchant/refund_refuse', refused.merchant.token, {
  id: request.id,
  reason: 'The photos do not show our packaging.',
});

const browser = await launchChromium();
const settle = async (page: import('@playwright/test').Page) => {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 30_000 });
  await page.waitForTimeout(600);
};
for (const language of shotLanguages) {
  // The form, filled in: reason, explanation and one picture.
  const page = await phonePage(browser, language, { ...buyer, history: ['/myPurchases/2'] });
  await page.goto(`${baseURL}/refund/${forForm.order.id}/${forForm.order.order_no}`);
  await settle(page);
  await page.getByTestId('refund-reason').click();
  await page.getByTestId('refund-reasons').locator('.adm-list-item').nth(1).click();
  await page.waitForTimeout(400);
  await page
    .getByTestId('refund-explanation')
    .locator('textarea')
    .fill(
      language.file === 'jp'
        ? '箱が潰れて中身が割れていました。'
        : language.file === 'ar'
          ? 'وصل الصندوق مسحوقًا والمحتوى مكسور.'
          : 'The box arrived crushed and the jar inside was broken.',
    );
  await page
    .locator('[data-testid="refund-proof"] input[type="file"]')
    .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: await proofPicture('#f4b183') });
  await page.waitForTimeout(1200);
  await page.screenshot({ path: path.join(out, `refund-${language.file}.png`) });
  console.log(`refund-${language.file}.png`);
  await page.context().close();

  // The refused request's detail.
  const detail = await phonePage(browser, language, { ...buyer, history: ['/myPurchases/all'] });
  await detail.goto(`${baseURL}/refundInfo/${request.id}`);
  await settle(detail);
  await detail.waitForTimeout(600);
  await detail.screenshot({ path: path.join(out, `refundInfo-${language.file}.png`) });
  // The lower half: proof pictures and every step.
  await detail.evaluate(() => {
    for (const screen of document.querySelectorAll<HTMLElement>('.cm-screen')) screen.scrollTop = screen.scrollHeight;
    window.scrollTo(0, document.body.scrollHeight);
  });
  await detail.waitForTimeout(500);
  await detail.screenshot({ path: path.join(out, `refundInfo-${language.file}-steps.png`) });
  console.log(`refundInfo-${language.file}.png`);
  await detail.context().close();
}
await browser.close();
