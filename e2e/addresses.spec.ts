import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Issue 7 item 1 (addresses): log in as the demo buyer → add an address with the area picker → it
 * is the default → add a second and make it the default → delete it → the first is default again.
 * The browser runs in Japanese (playwright.config.ts).
 */

/** The screen on show: kept-alive screens stay in the page, hidden (ADR 0006). */
function shown(page: Page) {
  return page.locator('.cm-screen').filter({ visible: true });
}

function cards(page: Page) {
  return shown(page).getByTestId('address-card');
}

async function addAddress(page: Page, values: { name: string; mobile: string; detail: string; tag: string }) {
  await shown(page).getByTestId('address-add').click();
  await expect(page).toHaveURL(/\/addressForm$/);
  const form = shown(page);
  await form.getByLabel('受取人').fill(values.name);
  await form.getByLabel('携帯電話番号').fill(values.mobile);
  await form.getByTestId('address-area').click();
  const picker = page.locator('.adm-picker').filter({ visible: true });
  await expect(picker).toBeVisible();
  await picker.getByText('確認', { exact: true }).click();
  await expect(form.getByTestId('address-area')).toContainText('日本 / 北海道 / 札幌市');
  await form.getByLabel('詳細住所').fill(values.detail);
  await form.getByText(values.tag, { exact: true }).click();
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/\/address(\?|$)/);
}

test('addresses: add with the area picker → default → second made default → delete → first default again', async ({
  page,
  loginAsDemo,
}) => {
  await loginAsDemo();
  await page.goto('/address');
  await expect(shown(page).getByText('住所がまだありません')).toBeVisible();

  // Validation from the contract, before any call.
  await shown(page).getByTestId('address-add').click();
  await shown(page).getByRole('button', { name: '保存' }).click();
  await expect(shown(page).getByText('受取人を入力してください。')).toBeVisible();
  await expect(shown(page).getByText('正しい携帯電話番号を入力してください。')).toBeVisible();
  await expect(shown(page).getByText('地域、詳細住所、タグを入力してください。').first()).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/address(\?|$)/);

  await addAddress(page, { name: '山田 花子', mobile: '090-1111-2222', detail: '北1条西2丁目 3-4', tag: '自宅' });
  await expect(cards(page)).toHaveCount(1);
  const first = cards(page).filter({ hasText: '山田 花子' });
  await expect(first).toContainText('デフォルト');
  await expect(first).toContainText('09011112222');

  await addAddress(page, { name: '佐藤 太郎', mobile: '080-3333-4444', detail: '大通西5丁目 6', tag: '会社' });
  await expect(cards(page)).toHaveCount(2);
  const second = cards(page).filter({ hasText: '佐藤 太郎' });
  await expect(second.locator('.cm-address__badge--default')).toHaveCount(0);
  await expect(first.locator('.cm-address__badge--default')).toHaveCount(1);

  await second.getByRole('button', { name: 'デフォルトに設定' }).click();
  await expect(second.locator('.cm-address__badge--default')).toHaveCount(1);
  await expect(first.locator('.cm-address__badge--default')).toHaveCount(0);
  // The default is listed first.
  await expect(cards(page).first()).toContainText('佐藤 太郎');

  await second.getByRole('button', { name: '削除' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'この住所を削除しますか？' });
  await expect(dialog).toContainText('この住所を削除しますか？');
  await dialog.getByRole('button', { name: '削除' }).click();
  await expect(cards(page)).toHaveCount(1);
  await expect(first.locator('.cm-address__badge--default')).toHaveCount(1);
});

test('addresses: opened from checkout with ?select=1, tapping an address hands it back', async ({
  page,
  request,
  loginAsDemo,
}) => {
  const token = await loginAsDemo();
  const created = await request.post('/api/user/address_add', {
    headers: { token },
    data: {
      name: '選択 テスト',
      mobile: '+819055556666',
      area: { codes: ['JP', 'JP-13', 'JP-13-shinjuku'], text: '日本 / 東京都 / 新宿区' },
      address: '西新宿 1-1',
      tag: 'other',
      is_default: true,
    },
  });
  expect((await created.json()).code).toBe(1);
  await page.goto('/address?select=1');
  await expect(shown(page).getByText('使用する住所をタップしてください')).toBeVisible();
  await cards(page).filter({ hasText: '選択 テスト' }).locator('.cm-address__body').click();
  // Back by the shell's back rule (here: no stored history, so home).
  await expect(page).not.toHaveURL(/\/address/);
  const backData = await page.evaluate(
    () => JSON.parse(localStorage.getItem('crossmart-session') ?? '{}').state?.backData ?? null,
  );
  expect(backData).toMatchObject({ kind: 'address', address: { name: '選択 テスト', is_default: true, tag: 'other' } });
});
