/**
 * `node scripts/screenshots-addresses.ts [baseURL]`: the address list and the address form at
 * 390×844 in Japanese, English and Arabic, written to docs/screenshots/. Needs a running server
 * with the demo seed (`npm start`); logs in as demo/demo123 and makes sure two addresses exist.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, phonePage, shotLanguages } from './lib/phone-shots.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const baseURL = process.argv[2] ?? 'http://127.0.0.1:3000';
const out = path.join(root, 'docs/screenshots');

async function call(url: string, token: string, body?: unknown) {
  const response = await fetch(`${baseURL}${url}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', token },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const answer = (await response.json()) as { code: number; msg: string; data: unknown };
  if (answer.code !== 1) throw new Error(`${url}: ${answer.msg}`);
  return answer.data;
}

const login = (await (
  await fetch(`${baseURL}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'demo', password: 'demo123' }),
  })
).json()) as { data: { userinfo: { token: string } & Record<string, unknown> } };
const { token, ...userinfo } = login.data.userinfo;

const { list } = (await call('/api/user/address_list', token)) as { list: { id: number }[] };
if (list.length === 0) {
  await call('/api/user/address_add', token, {
    name: '山田 花子',
    mobile: '+81 90-1234-5678',
    area: { codes: ['JP', 'JP-13', 'JP-13-shinjuku'], text: '日本 / 東京都 / 新宿区' },
    address: '西新宿 2-8-1 パークタワー 1205',
    tag: 'home',
  });
  await call('/api/user/address_add', token, {
    name: 'Hanako Yamada',
    mobile: '+81 3-5555-0101',
    area: { codes: ['JP', 'JP-27', 'JP-27-osaka'], text: 'Japan / Osaka / Osaka' },
    address: '4-1-1 Umeda, Kita-ku, Grand Front Tower B 18F',
    tag: 'company',
  });
}
const { list: addresses } = (await call('/api/user/address_list', token)) as { list: { id: number }[] };
const editId = addresses[0]?.id;

const browser = await launchChromium();
for (const language of shotLanguages) {
  for (const screen of ['address', 'addressForm', 'addressEdit', 'addressPicker'] as const) {
    const page = await phonePage(browser, language, { token, userinfo, history: ['/me'] });
    const url = {
      address: '/address',
      addressForm: '/addressForm',
      addressEdit: `/addressForm/${editId}`,
      addressPicker: '/addressForm',
    }[screen];
    await page.goto(`${baseURL}${url}`);
    await page.waitForLoadState('networkidle');
    if (screen === 'addressForm') {
      // The form after pressing save with nothing filled in: the docs/spec.md §5 messages.
      await page.locator('button[type=submit]').filter({ visible: true }).click();
    }
    if (screen === 'addressPicker') {
      await page.getByTestId('address-area').filter({ visible: true }).click();
    }
    await page.waitForTimeout(600);
    const file = path.join(out, `${screen}-${language.file}.png`);
    await page.screenshot({ path: file });
    console.log(file);
    await page.context().close();
  }
}
await browser.close();
