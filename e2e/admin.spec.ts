import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Issue 14 at a desktop viewport: a super admin freezes a user (whose login then fails with the
 * message), suspends and restores a shop, passes a recharge and cannot pass their own, finds an
 * order by its number; a support admin cannot open the settings.
 */

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
  error?: string;
}

const desktop = { viewport: { width: 1280, height: 800 }, locale: 'ja-JP', isMobile: false, hasTouch: false };

async function call<T>(request: APIRequestContext, token: string, path: string, body?: unknown): Promise<T> {
  const headers = { token, lang: 'jp' };
  const response =
    body === undefined ? await request.get(path, { headers }) : await request.post(path, { headers, data: body });
  const envelope = (await response.json()) as Envelope<T>;
  expect(envelope.code, `${path}: ${envelope.msg}`).toBe(1);
  return envelope.data;
}

async function login(request: APIRequestContext, account: string, password: string) {
  const response = await request.post('/api/user/login', { data: { account, password }, headers: { lang: 'jp' } });
  return (await response.json()) as Envelope<{ userinfo: { token: string; id: number } }>;
}

/** A desktop page signed in through the console's own login form. */
async function adminPage(browser: Browser, account: string, password: string): Promise<Page> {
  const context = await browser.newContext(desktop);
  const page = await context.newPage();
  await page.goto('/admin/login');
  await page.getByLabel('アカウント').fill(account);
  await page.getByLabel('パスワード').fill(password);
  await page.getByLabel('パスワード').press('Enter');
  await expect(page.locator('.cm-admin__header')).toBeVisible();
  return page;
}

/** Confirms the open dialog once its opening animation is over (a click during the zoom can miss). */
async function confirmModal(page: Page) {
  const modal = page.locator('.ant-modal');
  await expect(modal).toBeVisible();
  await expect(modal).not.toHaveClass(/ant-zoom/);
  await modal.getByRole('button', { name: '確認' }).click();
}

async function registerBuyer(request: APIRequestContext, tag: string) {
  const account = `adm_${tag}_${Date.now().toString(36)}`;
  const response = await request.post('/api/user/register', {
    data: {
      account,
      password: 'secret123',
      repassword: 'secret123',
      family_name: '管理',
      given_name: '確認',
      email: `${account}@example.com`,
      mobile: `+8170${String(Date.now() % 1e8).padStart(8, '0')}`,
    },
  });
  const body = (await response.json()) as Envelope<{ userinfo: { token: string; id: number } }>;
  expect(body.code, body.msg).toBe(1);
  return { account, token: body.data.userinfo.token, id: body.data.userinfo.id };
}

test('a super admin freezes a user, suspends and restores a shop, audits recharges, finds an order', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const page = await adminPage(browser, 'admin', 'admin123');
  await expect(page.locator('.cm-admin__header')).toContainText('スーパー管理者');
  await expect(page.getByRole('img', { name: '日別の流通総額（過去30日間）' })).toBeVisible();

  // 1. Freeze a user: their login is refused with the message.
  const user = await registerBuyer(request, 'f');
  await page.getByRole('menuitem', { name: 'ユーザー' }).click();
  await page.getByRole('searchbox', { name: 'アカウント・メール・携帯番号・ID' }).fill(user.account);
  await page.getByRole('searchbox', { name: 'アカウント・メール・携帯番号・ID' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${user.account}`));
  await page.getByRole('link', { name: user.account }).click();
  await page.getByRole('button', { name: '凍結' }).click();
  await page.locator('.ant-modal textarea').fill('不正利用の疑い');
  await confirmModal(page);
  await expect(page.locator('.ant-card-head').getByText('凍結中')).toBeVisible();
  const refused = await login(request, user.account, 'secret123');
  expect(refused).toMatchObject({ code: 0, error: 'ACCOUNT_DISABLED' });
  expect(refused.msg).toContain('停止');
  const stale = await request.get('/api/user/getUserInfo', { headers: { token: user.token } });
  expect(((await stale.json()) as Envelope<unknown>).code).toBe(401);

  // 2. Suspend a shop (its products leave the shop app), then restore it.
  const adminToken = (await login(request, 'admin', 'admin123')).data.userinfo.token;
  const shops = await call<{ list: { id: number; name: string }[] }>(
    request,
    adminToken,
    '/api/admin/shop_list?limit=1',
  );
  const shop = shops.list[0];
  expect(shop).toBeDefined();
  const products = await call<{ list: { id: number }[] }>(
    request,
    adminToken,
    `/api/admin/product_list?shop_id=${shop?.id}&status=on_sale&limit=1`,
  );
  await page.getByRole('menuitem', { name: 'ショップと商品' }).click();
  await page.getByRole('searchbox', { name: 'ショップ名またはID' }).fill(String(shop?.id));
  await page.getByRole('searchbox', { name: 'ショップ名またはID' }).press('Enter');
  const row = page.locator('.ant-table-row').filter({ hasText: shop?.name ?? '' });
  await row.getByRole('button', { name: '停止' }).click();
  await page.locator('.ant-modal textarea').fill('偽造品の疑い');
  await confirmModal(page);
  await expect(row).toContainText('停止中');
  await expect(row).toContainText('偽造品の疑い');
  const hidden = await request.get(`/api/product/detail?id=${products.list[0]?.id}`);
  expect(((await hidden.json()) as Envelope<unknown>).code).toBe(0);
  await row.getByRole('button', { name: '元に戻す' }).click();
  await confirmModal(page);
  await expect(row).toContainText('営業中');
  const shown = await request.get(`/api/product/detail?id=${products.list[0]?.id}`);
  expect(((await shown.json()) as Envelope<unknown>).code).toBe(1);

  // 3. A buyer's recharge passes; the admin's own does not.
  const buyer = await registerBuyer(request, 'r');
  await call(request, buyer.token, '/api/user/recharge', { method: 'manual', amount: 4321 });
  await call(request, adminToken, '/api/user/recharge', { method: 'manual', amount: 1234 });
  await page.getByRole('menuitem', { name: 'チャージ' }).click();
  const theirs = page.locator('.ant-table-row').filter({ hasText: buyer.account });
  await theirs.getByRole('button', { name: '承認' }).click();
  await expect(page.locator('.ant-modal input')).toHaveValue('4321');
  await confirmModal(page);
  await expect(page.locator('.ant-modal')).toBeHidden();
  await expect(theirs).toHaveCount(0);
  const mine = page.locator('.ant-table-row').filter({ hasText: '1,234' }).filter({ hasText: 'admin' });
  await mine.getByRole('button', { name: '承認' }).click();
  // The dialog opens with this request's amount, not the previous one's.
  await expect(page.locator('.ant-modal input')).toHaveValue('1234');
  const answer = page.waitForResponse('**/api/admin/recharge_audit');
  await confirmModal(page);
  expect(((await (await answer).json()) as Envelope<unknown>).error).toBe('AUDIT_OWN_RECORD');
  await expect(page.getByText('ご自身のチャージや出金は審査できません').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-modal')).toBeHidden();
  await expect(mine).toContainText('承認');
  const info = await call<{ balance: number }>(request, buyer.token, '/api/user/getUserInfo');
  expect(info.balance).toBe(4321);
  // The ledger names the recharge's kind in the console's language (the code only on hover).
  await page.getByRole('menuitem', { name: '元帳' }).click();
  const posting = page.locator('.ant-table-row').filter({ hasText: 'recharge:' }).first();
  await expect(posting).toContainText('チャージ');
  await expect(posting.getByTitle('recharge', { exact: true })).toBeVisible();

  // 4. Find an order by its number.
  const address = await call<{ id: number }>(request, buyer.token, '/api/user/address_add', {
    name: '注文 太郎',
    mobile: '+819012345678',
    area: { codes: ['JP', 'JP-13', 'JP-13-shinjuku'], text: '日本 / 東京都 / 新宿区' },
    address: '西新宿 2-8-1',
    tag: 'home',
    is_default: true,
  });
  const list = await call<{ list: { id: number }[] }>(request, buyer.token, '/api/product/list?limit=5');
  const detail = await call<{ skus: { id: number; stock: number }[] }>(
    request,
    buyer.token,
    `/api/product/detail?id=${list.list[0]?.id}`,
  );
  const sku = detail.skus.find((candidate) => candidate.stock > 0);
  const created = await call<{ orders: { order_no: string }[] }>(request, buyer.token, '/api/order/create', {
    sku_id: sku?.id,
    quantity: 1,
    address_id: address.id,
  });
  const orderNo = created.orders[0]?.order_no ?? '';
  await page.getByRole('menuitem', { name: '注文' }).click();
  await page.getByRole('searchbox', { name: '注文番号' }).fill(orderNo);
  await page.getByRole('searchbox', { name: '注文番号' }).press('Enter');
  await expect(page.locator('.ant-table-row')).toHaveCount(1);
  await page.getByRole('link', { name: orderNo }).click();
  await expect(page.getByText('ステータス履歴')).toBeVisible();
  await expect(page.locator('.ant-card-head').getByText(orderNo)).toBeVisible();

  // Every action above is in the audit log.
  await page.getByRole('menuitem', { name: '監査ログ' }).click();
  await expect(page.locator('.ant-table-row').filter({ hasText: 'user_freeze' })).toContainText('不正利用の疑い');
  await expect(page.locator('.ant-table-row').filter({ hasText: 'shop_suspend' })).toBeVisible();
  await expect(page.locator('.ant-table-row').filter({ hasText: 'recharge_pass' }).first()).toBeVisible();
  await page.context().close();
});

test('a support admin reads but cannot open the settings or audit money', async ({ browser, request }) => {
  const page = await adminPage(browser, 'support', 'support123');
  await expect(page.locator('.cm-admin__header')).toContainText('サポート管理者');
  await expect(page.getByRole('menuitem', { name: 'ユーザー' })).toBeVisible();
  const buyer = await registerBuyer(request, 's');
  await call(request, buyer.token, '/api/user/recharge', { method: 'manual', amount: 2468 });
  await page.getByRole('menuitem', { name: 'チャージ' }).click();
  const row = page.locator('.ant-table-row').filter({ hasText: buyer.account });
  await expect(row).toContainText('2,468');
  await expect(row.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: '設定' })).toHaveCount(0);
  await page.goto('/admin/settings');
  await expect(page.getByText('権限がありません')).toBeVisible();
  await expect(page.locator('.ant-form')).toHaveCount(0);
  await page.context().close();
});
