/**
 * `node scripts/screenshots-reviews.ts [baseURL]`: the review screens (issue 13) at 390×844 in
 * Japanese, English and Arabic, written to docs/screenshots/:
 * - `comment-form-<lang>.png`: the review form of a completed order's line, filled in, with a picture;
 * - `comment-detail-<lang>.png`: the product detail's reviews section (summary, newest reviews, reply);
 * - `comment-sheet-<lang>.png`: all reviews in the sheet, filtered to those with pictures.
 * Needs a server started with `SEED_DEMO=true` and `ORDER_TEST_CLOCK=true` (orders are completed on
 * the sweeps' test clock). It makes the demo buyer's completed orders of one product of the demo
 * `merchant`'s shop, reviews one with two pictures, and has the merchant reply.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, phonePage, shotLanguages } from './lib/phone-shots.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const baseURL = process.argv[2] ?? 'http://127.0.0.1:3000';
const out = path.join(root, 'docs/screenshots');

type Body<T> = { code: number; msg: string; data: T };
async function call<T>(method: 'GET' | 'POST', url: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL}${url}`, {
    method,
    headers: { 'content-type': 'application/json', lang: 'jp', ...(token ? { token } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const parsed = (await response.json()) as Body<T>;
  if (parsed.code !== 1) throw new Error(`${url}: ${parsed.msg}`);
  return parsed.data;
}

async function login(account: string, password: string) {
  const data = await call<{ userinfo: { token: string } & Record<string, unknown> }>('POST', '/api/user/login', '', {
    account,
    password,
  });
  const { token, ...userinfo } = data.userinfo;
  return { token, userinfo };
}

/** A product picture, fetched and uploaded again as the buyer's review picture. */
async function uploadReviewPicture(token: string, imageUrl: string): Promise<string> {
  const image = await (await fetch(`${baseURL}${imageUrl}`)).blob();
  const form = new FormData();
  form.append('purpose', 'review');
  form.append('file', image, 'photo.webp');
  const response = await fetch(`${baseURL}/api/upload`, { method: 'POST', headers: { token }, body: form });
  const body = (await response.json()) as Body<{ url: string }>;
  if (body.code !== 1) throw new Error(`upload: ${body.msg}`);
  return body.data.url;
}

const buyer = await login('demo', 'demo123');
const merchant = await login('merchant', 'merchant123');
const admin = await login('admin', 'admin123');

// A product of shop 1 (the demo `merchant`'s) with stock.
const listed = await call<{ list: { id: number }[] }>('GET', '/api/product/list?shop_id=1&sort=sales&limit=10');
type Detail = { id: number; shop_id: number; images: string[]; skus: { id: number; stock: number }[] };
let product: Detail | undefined;
for (const { id } of listed.list) {
  const detail = await call<Detail>('GET', `/api/product/detail?id=${id}`);
  if (detail.skus.some((sku) => sku.stock >= 2)) {
    product = detail;
    break;
  }
}
if (!product) throw new Error('no product of shop 1 with stock');
const sku = product.skus.find((candidate) => candidate.stock >= 2);
const address = await call<{ id: number }>('POST', '/api/user/address_add', buyer.token, {
  name: '山田 花子',
  mobile: '+819012345678',
  area: { codes: ['JP', 'JP-13', 'JP-13-shinjuku'], text: '日本 / 東京都 / 新宿区' },
  address: '西新宿 2-8-1',
  tag: 'home',
  is_default: false,
});
const orderIds: number[] = [];
for (let index = 0; index < 2; index += 1) {
  const created = await call<{ order_ids: number[] }>('POST', '/api/order/create', buyer.token, {
    sku_id: sku?.id,
    quantity: 1,
    address_id: address.id,
  });
  const id = created.order_ids[0] ?? 0;
  await call('POST', '/api/user/verify_pay', buyer.token, { order_ids: [id], paypwd: '123456' });
  await call('POST', '/api/merchant/order_ship', merchant.token, {
    order_id: id,
    carrier: 'ヤマト運輸',
    tracking_no: `YT${id}`,
  });
  await call('POST', '/api/order/confirm', buyer.token, { id });
  orderIds.push(id);
}
await call('POST', '/api/admin/order_sweeps', admin.token, { advance_minutes: 8 * 24 * 60 });
const [reviewedOrder, formOrder] = await Promise.all(
  orderIds.map((id) => call<{ id: number; items: { id: number }[] }>('GET', `/api/order/detail?id=${id}`, buyer.token)),
);
if (!reviewedOrder || !formOrder) throw new Error('orders missing');

const pictures = [];
for (const image of product.images.slice(0, 2)) pictures.push(await uploadReviewPicture(buyer.token, image));
const review = await call<{ id: number }>('POST', '/api/order/comment', buyer.token, {
  order_id: reviewedOrder.id,
  item_id: reviewedOrder.items[0]?.id,
  product_score: 5,
  service_score: 4,
  postage_score: 5,
  content: '色も質感も写真どおりで、とても気に入りました。梱包も丁寧でした。',
  images: pictures,
});
await call('POST', '/api/merchant/review_reply', merchant.token, {
  id: review.id,
  content: 'ご購入とすてきなレビューをありがとうございます！またのご利用をお待ちしております。',
});
const picture = Buffer.from(await (await fetch(`${baseURL}${product.images[0]}`)).arrayBuffer());

const texts = {
  jp: 'サイズもちょうどよく、毎日使っています。',
  en: 'The size is just right and I use it every day.',
  ar: 'الحجم مناسب تمامًا وأستخدمه كل يوم.',
} as const;

const browser = await launchChromium();
for (const language of shotLanguages) {
  const settle = async (page: import('@playwright/test').Page) => {
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 30_000 });
    await page.waitForTimeout(600);
  };

  // The form, filled in: service 4 stars, a text and one picture.
  let page = await phonePage(browser, language, { ...buyer, history: ['/myPurchases/4'] });
  await page.goto(`${baseURL}/comment?order_id=${formOrder.id}&item_id=${formOrder.items[0]?.id}`);
  await settle(page);
  const form = page.locator('.cm-screen').filter({ visible: true }).getByTestId('review-form');
  await form.getByTestId('score-service_score').locator('.adm-rate-star').nth(3).tap();
  await form.locator('textarea').fill(texts[language.file]);
  await form.locator('input[type="file"]').setInputFiles({ name: 'p.webp', mimeType: 'image/webp', buffer: picture });
  await form.locator('.adm-image-uploader-cell-image').first().waitFor();
  await page.waitForTimeout(800);
  let file = path.join(out, `comment-form-${language.file}.png`);
  await page.screenshot({ path: file });
  console.log(file);
  await page.context().close();

  // The product detail's reviews section.
  page = await phonePage(browser, language, { ...buyer, history: ['/home'] });
  await page.goto(`${baseURL}/detail/${product.id}/${product.shop_id}`);
  await settle(page);
  const shown = page.locator('.cm-screen').filter({ visible: true });
  // The reviews section under the sticky nav bar (the screen, not the window, scrolls).
  await shown
    .getByTestId('review-summary')
    .evaluate((element) => element.closest('.cm-section')?.scrollIntoView({ block: 'center' }));
  await page.waitForTimeout(800);
  file = path.join(out, `comment-detail-${language.file}.png`);
  await page.screenshot({ path: file });
  console.log(file);

  // The sheet with every review, filtered to those with pictures.
  await shown.getByTestId('reviews-open-pictures').click();
  await page.getByTestId('reviews-sheet').getByTestId('review').first().waitFor();
  await page.waitForTimeout(800);
  file = path.join(out, `comment-sheet-${language.file}.png`);
  await page.screenshot({ path: file });
  console.log(file);
  await page.context().close();
}
await browser.close();
