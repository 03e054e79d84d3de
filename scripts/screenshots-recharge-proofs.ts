/**
 * `node scripts/screenshots-recharge-proofs.ts [baseURL] [outDir]`: the admin console's recharge
 * queue (desktop) with two recharges whose evidence is the same picture, flagged "picture used
 * before", in Japanese and English, written to docs/screenshots/. Needs a running server with the
 * demo data (`SEED_DEMO=true`); it adds two recharges of the demo buyer.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { launchChromium } from './lib/phone-shots.ts';

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

/** One receipt-like picture, uploaded anew each time (a new url, the same bytes). */
async function uploadEvidence(token: string, png: Buffer): Promise<string> {
  const form = new FormData();
  form.append('purpose', 'evidence');
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'receipt.png');
  const response = await fetch(`${baseURL}/api/upload`, { method: 'POST', headers: { token }, body: form });
  const json = (await response.json()) as { code: number; msg: string; data: { url: string } };
  if (json.code !== 1) throw new Error(`upload: ${json.msg}`);
  return json.data.url;
}

const buyer = await login('demo', 'demo123');
const admin = await login('admin', 'admin123');
const receipt = await sharp(
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320">
    <rect width="480" height="320" rx="24" fill="#eef6ff"/>
    <rect x="32" y="40" width="260" height="26" rx="8" fill="#1f6fff"/>
    <rect x="32" y="96" width="416" height="16" rx="8" fill="#b9cff5"/>
    <rect x="32" y="130" width="360" height="16" rx="8" fill="#b9cff5"/>
    <rect x="32" y="236" width="180" height="44" rx="12" fill="#22a06b"/></svg>`),
)
  .png()
  .toBuffer();
for (const [index, amount] of [3000, 4500].entries()) {
  await call('POST', '/api/user/recharge', buyer, {
    method: 'chain',
    network: 'TRC20',
    coin: 'USDT',
    address: 'TBuyerWallet7Q2',
    amount,
    image: await uploadEvidence(buyer, receipt),
    tx_hash: `0x9f3c${Date.now().toString(16)}${index}`,
  });
}

const adminInfo = await call<Record<string, unknown>>('GET', '/api/user/getUserInfo', admin);
const browser = await launchChromium();
for (const language of [
  { file: 'jp', locale: 'ja-JP' },
  { file: 'en', locale: 'en-US' },
]) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: language.locale });
  await context.addInitScript(
    ({ token, userInfo, file }) => {
      // biome-ignore lint/suspicious/noDocumentCookie: the app's own cookies, set as the app sets them
      document.cookie = `language=${file}; path=/`;
      // biome-ignore lint/suspicious/noDocumentCookie: the app's own cookies, set as the app sets them
      document.cookie = `Admin-Token=${token}; path=/`;
      const state = { token, userInfo, backData: null, history: [] };
      localStorage.setItem('crossmart-session', JSON.stringify({ state, version: 1 }));
    },
    { token: admin, userInfo: adminInfo, file: language.file },
  );
  const page = await context.newPage();
  await page.goto(`${baseURL}/admin/recharges`);
  await page.locator('[data-testid^="evidence-reused-"]').first().waitFor();
  await page.locator('.ant-table-row img').first().waitFor();
  await page.waitForTimeout(600);
  const file = path.join(out, `adminRechargeReused-${language.file}.png`);
  await page.screenshot({ path: file });
  console.log(file);
  await context.close();
}
await browser.close();
