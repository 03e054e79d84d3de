import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Issue 7 (orders screens) on the real server and seeded database: the demo buyer's orders are made
 * through the API (address, two unpaid orders, one paid), then the screens: tab counts, cancelling an
 * unpaid order from the list, cancelling a paid one with its refund, and the detail screen.
 * The browser runs in Japanese (playwright.config.ts).
 */

type Counts = Record<'all' | '0' | '1' | '-1', number>;
interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** The screen on show: kept-alive screens stay in the page, hidden (ADR 0006). */
function shown(page: Page) {
  return page.locator('.cm-screen').filter({ visible: true });
}

function card(page: Page, orderId: number) {
  return shown(page).locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
}

function yen(amount: number) {
  return amount.toLocaleString('ja-JP');
}

async function call<T>(request: APIRequestContext, token: string, path: string, body?: unknown): Promise<T> {
  const response =
    body === undefined
      ? await request.get(path, { headers: { token } })
      : await request.post(path, { headers: { token }, data: body });
  const envelope = (await response.json()) as Envelope<T>;
  expect(envelope.code, `${path}: ${envelope.msg}`).toBe(1);
  return envelope.data;
}

async function counts(request: APIRequestContext, token: string): Promise<Counts> {
  return (await call<{ counts: Counts }>(request, token, '/api/user/order_list?status=all&page=1&limit=1')).counts;
}

async function balance(request: APIRequestContext, token: string): Promise<number> {
  return (await call<{ balance: number }>(request, token, '/api/user/getUserInfo')).balance;
}

/** The badge of a tab (none when the count is 0). */
async function expectTabCount(page: Page, filter: string, count: number) {
  const badge = shown(page).getByTestId(`order-tab-${filter}`).getByTestId('order-tab-count');
  if (count === 0) await expect(badge).toHaveCount(0);
  else await expect(badge).toHaveText(String(count));
}

test('orders: tab counts, cancel unpaid from the list, cancel paid with refund, detail', async ({
  page,
  loginAsDemo,
}) => {
  test.setTimeout(90_000);
  const token = await loginAsDemo();
  const request = page.request;

  // Orders through the API: an address, a SKU in stock, two unpaid orders and a paid one.
  const address = await call<{ id: number }>(request, token, '/api/user/address_add', {
    name: '注文 太郎',
    mobile: '+819012345678',
    area: { codes: ['JP', 'JP-13', 'JP-13-shinjuku'], text: '日本 / 東京都 / 新宿区' },
    address: '西新宿 2-8-1',
    tag: 'home',
    is_default: false,
  });
  const products = await call<{ list: { id: number }[] }>(request, token, '/api/product/list?limit=5');
  const product = await call<{ title: string; skus: { id: number; stock: number }[] }>(
    request,
    token,
    `/api/product/detail?id=${products.list[0]?.id}`,
  );
  const sku = product.skus.find((candidate) => candidate.stock >= 5);
  expect(sku).toBeDefined();
  const before = await counts(request, token);
  const create = (quantity: number) =>
    call<{ order_ids: number[]; orders: { id: number; order_no: string; total: number }[] }>(
      request,
      token,
      '/api/order/create',
      { sku_id: sku?.id, quantity, address_id: address.id },
    );
  const [toCancel] = (await create(1)).orders;
  const [unpaid] = (await create(2)).orders;
  const [paid] = (await create(1)).orders;
  if (!toCancel || !unpaid || !paid) throw new Error('orders not created');
  const balanceBeforePay = await balance(request, token);
  await call(request, token, '/api/user/verify_pay', { order_ids: [paid.id], paypwd: '123456' });
  expect(await balance(request, token)).toBe(balanceBeforePay - paid.total);

  // Tab counts as the server counts them, with our three orders in.
  await page.goto('/myPurchases/all');
  await expect(card(page, paid.id)).toBeVisible();
  await expectTabCount(page, 'all', before.all + 3);
  await expectTabCount(page, '0', before['0'] + 2);
  await expectTabCount(page, '1', before['1'] + 1);
  await expectTabCount(page, '-1', before['-1']);
  await expect(card(page, unpaid.id).getByTestId('order-status')).toHaveText('支払い待ち');
  await expect(card(page, paid.id).getByTestId('order-status')).toHaveText('発送待ち');
  await expect(card(page, paid.id)).toContainText(paid.order_no);
  await expect(card(page, paid.id)).toContainText(yen(paid.total));
  await expect(card(page, paid.id).getByTestId('order-pay')).toHaveCount(0);

  // Switching a tab replaces the URL's status.
  await shown(page).getByTestId('order-tab-0').click();
  await expect(page).toHaveURL(/\/myPurchases\/0$/);
  await expect(card(page, toCancel.id)).toBeVisible();
  await expect(card(page, paid.id)).toHaveCount(0);

  // Cancel an unpaid order: the dialog first; "keep" changes nothing.
  await card(page, toCancel.id).getByTestId('order-cancel').click();
  let dialog = page.getByRole('dialog').filter({ hasText: '注文をキャンセルしますか？' });
  await expect(dialog).toContainText('キャンセルした注文は元に戻せません。');
  await dialog.getByRole('button', { name: 'やめる' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, toCancel.id)).toBeVisible();
  await card(page, toCancel.id).getByTestId('order-cancel').click();
  dialog = page.getByRole('dialog').filter({ hasText: '注文をキャンセルしますか？' });
  await dialog.getByRole('button', { name: 'キャンセル', exact: true }).click();
  await expect(page.getByText('注文をキャンセルしました', { exact: true })).toBeVisible();
  await expect(card(page, toCancel.id)).toHaveCount(0);
  await expectTabCount(page, '0', before['0'] + 1);
  await expectTabCount(page, '-1', before['-1'] + 1);
  await shown(page).getByTestId('order-tab--1').click();
  await expect(page).toHaveURL(/\/myPurchases\/-1$/);
  await expect(card(page, toCancel.id).getByTestId('order-status')).toHaveText('キャンセル済み');
  await expect(card(page, toCancel.id).getByTestId('order-cancel')).toHaveCount(0);
  await expect(card(page, toCancel.id).getByTestId('order-details')).toBeVisible();

  // Cancel the paid order: the dialog names the refund; the balance comes back.
  await shown(page).getByTestId('order-tab-1').click();
  await expect(page).toHaveURL(/\/myPurchases\/1$/);
  await card(page, paid.id).getByTestId('order-cancel').click();
  dialog = page.getByRole('dialog').filter({ hasText: '注文をキャンセルしますか？' });
  await expect(dialog).toContainText('全額残高に返金します');
  await expect(dialog).toContainText(yen(paid.total));
  await dialog.getByRole('button', { name: 'キャンセル', exact: true }).click();
  await expect(page.getByText('注文をキャンセルし、残高に返金しました')).toBeVisible();
  await expect(card(page, paid.id)).toHaveCount(0);
  expect(await balance(request, token)).toBe(balanceBeforePay);
  await page.goto('/filter');
  await expect(page.getByTestId('balance')).toContainText(yen(balanceBeforePay));

  // Detail of the unpaid order: countdown, items, address, amounts, history, no logistics yet.
  await page.goto(`/orderInfo/${unpaid.id}`);
  const detail = shown(page);
  await expect(detail.getByTestId('order-hero')).toContainText('支払い待ち');
  await expect(detail.getByTestId('pay-countdown')).toHaveText(/お支払い期限まで\s*\d{2}:\d{2}/);
  await expect(detail.getByTestId('order-item')).toHaveCount(1);
  await expect(detail.getByTestId('order-item')).toContainText(product.title);
  await expect(detail.getByTestId('order-item')).toContainText('×2');
  await expect(detail.getByTestId('order-address')).toContainText('注文 太郎');
  await expect(detail.getByTestId('order-address')).toContainText('西新宿 2-8-1');
  await expect(detail.getByTestId('order-amounts')).toContainText('商品小計');
  await expect(detail.getByTestId('order-amounts')).toContainText('送料');
  await expect(detail.getByTestId('order-amounts')).toContainText(yen(unpaid.total));
  await expect(detail.getByTestId('order-no')).toHaveText(unpaid.order_no);
  await expect(detail.getByTestId('order-history')).toContainText('支払い待ち');
  await expect(detail.getByText('配送情報がありません')).toBeVisible();
  await expect(detail.getByTestId('order-pay')).toBeVisible();

  // The cancelled paid order keeps its whole history: created, paid, cancelled.
  await page.goto(`/orderInfo/${paid.id}`);
  const history = shown(page).getByTestId('order-history').locator('.adm-step');
  await expect(history).toHaveCount(3);
  await expect(history.first()).toContainText('キャンセル済み');
  await expect(shown(page).getByTestId('order-cancel')).toHaveCount(0);

  // An id that is not the buyer's: an empty state, not a crash.
  await page.goto('/orderInfo/999999');
  await expect(shown(page).getByText('注文が見つかりません。')).toBeVisible();
});
