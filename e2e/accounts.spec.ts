import type { Page } from '@playwright/test';
import { expect, sessionKey, storeSession, test } from './fixtures.ts';

/**
 * Issue 4 "Done when" (screens): register → land logged in → change password → old token refused →
 * log in again → set the payment code with the in-app keypad → log out; against the real accounts
 * endpoints. The browser runs in Japanese (playwright.config.ts), the default language.
 */

async function storedToken(page: Page): Promise<string> {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').state?.token ?? '', sessionKey);
}

/** Types digits on the in-app keypad (antd-mobile NumberKeyboard) of the payment-code screen. */
async function typeOnKeypad(page: Page, digits: string) {
  const keypad = page.locator('.adm-number-keyboard').filter({ visible: true });
  await expect(keypad).toBeVisible();
  for (const digit of digits) await keypad.getByRole('button', { name: digit, exact: true }).click();
}

/** The screen on show: kept-alive screens stay in the page, hidden (ADR 0006). */
function shown(page: Page) {
  return page.locator('.cm-screen').filter({ visible: true });
}

function uniqueAccount(prefix: string) {
  return `${prefix}${Date.now().toString(36)}`;
}

test('register → change password → old token refused → log in → set payment code → log out', async ({
  page,
  request,
}) => {
  // Seven argon2id hashings at production cost on a shared 2-core machine: more than the default 30 s.
  test.setTimeout(120_000);
  const account = uniqueAccount('e2e_');
  const oldPassword = 'first-pass1';
  const newPassword = 'second-pass2';

  // Register: lands logged in on /home.
  await page.goto('/login');
  await page.getByRole('link', { name: '新規登録' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await shown(page).getByLabel('アカウント').fill(account);
  await shown(page).getByLabel('姓').fill('佐藤');
  await shown(page).getByLabel('名', { exact: true }).fill('花子');
  await shown(page).getByLabel('メールアドレス').fill(`${account}@example.com`);
  await shown(page)
    .getByLabel('携帯電話番号')
    .fill(`+81 90 ${String(Date.now()).slice(-8)}`);
  await shown(page).getByLabel('パスワード', { exact: true }).fill(oldPassword);
  await shown(page).getByLabel('パスワード（確認）').fill(oldPassword);
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByText('登録しました')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  const firstToken = await storedToken(page);
  expect(firstToken).not.toBe('');

  // The me page shows the new user and a zero balance in the configured currency.
  await page.getByRole('navigation', { name: 'メインナビゲーション' }).getByText('マイページ').click();
  await expect(page).toHaveURL(/\/filter$/);
  await expect(page.getByTestId('me-name')).toHaveText('佐藤 花子');
  await expect(page.getByTestId('balance')).toContainText('0');

  // Change the password from security: every session ends, back to /login.
  await page.getByText('セキュリティ', { exact: true }).click();
  await page.locator('.adm-list-item').filter({ hasText: 'ログインパスワードの変更' }).click();
  await expect(page).toHaveURL(/\/changePassword$/);
  await shown(page).getByLabel('現在のパスワード').fill(oldPassword);
  await shown(page).getByLabel('新しいパスワード', { exact: true }).fill(newPassword);
  await shown(page).getByLabel('新しいパスワード（確認）').fill(newPassword);
  await page.getByRole('button', { name: 'パスワードを変更' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toBe('');

  // The old token is refused by the server.
  const stale = await request.get('/api/user/getUserInfo', { headers: { token: firstToken } });
  expect((await stale.json()).code).toBe(401);

  // The old password no longer works; the new one does.
  await shown(page).getByLabel('アカウント').fill(account);
  await shown(page).getByLabel('パスワード', { exact: true }).fill(oldPassword);
  await page.getByRole('button', { name: 'ログイン' }).click();
  await expect(page.getByText('アカウントまたはパスワードが正しくありません。')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await shown(page).getByLabel('パスワード', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'ログイン' }).click();
  await expect(page).toHaveURL(/\/home$/);
  const secondToken = await storedToken(page);
  expect(secondToken).not.toBe('');
  expect(secondToken).not.toBe(firstToken);

  // Set the payment code the first time: the login password, then the keypad twice.
  await page.goto('/security');
  await expect(page.getByText('未設定')).toBeVisible();
  await page.locator('.adm-list-item').filter({ hasText: '支払いコード' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '支払いコードの設定' })).toBeVisible();
  await shown(page).getByLabel('ログインパスワード').fill(newPassword);
  await page.getByRole('button', { name: '次へ' }).click();
  await expect(page.getByRole('heading', { name: '新しい支払いコードを入力' })).toBeVisible();
  await typeOnKeypad(page, '246810');
  await expect(page.getByRole('heading', { name: 'もう一度入力してください' })).toBeVisible();
  await typeOnKeypad(page, '246810');
  await expect(page.getByText('支払いコードを保存しました')).toBeVisible();
  await expect(page).toHaveURL(/\/security(\?backs=1)?$/);
  await expect(page.getByText('設定済み')).toBeVisible();
  const info = await request.get('/api/user/getUserInfo', { headers: { token: secondToken } });
  expect((await info.json()).data.has_pay_password).toBe(true);

  // Log out from settings, with confirmation.
  await page.goto('/setting');
  await page.getByRole('button', { name: 'ログアウト' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '確認' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toBe('');
  const afterLogout = await request.get('/api/user/getUserInfo', { headers: { token: secondToken } });
  expect((await afterLogout.json()).code).toBe(401);
});

test('a wrong login shows the server message and stays on /login', async ({ page }) => {
  await page.goto('/login');
  await shown(page).getByLabel('アカウント').fill('demo');
  await shown(page).getByLabel('パスワード', { exact: true }).fill('not-the-password');
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/user/login'));
  await page.getByRole('button', { name: 'ログイン' }).click();
  const body = await (await answer).json();
  expect(body).toMatchObject({ code: 0, error: 'LOGIN_FAILED' });
  await expect(page.getByText(body.msg)).toBeVisible();
  await expect(page.getByText('アカウントまたはパスワードが正しくありません。')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('login needs account and password; the links lead to register, reset and the seller sign-in', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'ログイン' }).click();
  await expect(page.getByText('アカウントとパスワードを入力してください。')).toBeVisible();
  await expect(page.getByRole('link', { name: '新規登録' })).toHaveAttribute('href', '/register');
  await expect(page.getByRole('link', { name: 'パスワードをお忘れですか？' })).toHaveAttribute(
    'href',
    '/forgotPassword',
  );
  await expect(page.getByRole('link', { name: '出店者ログイン' })).toHaveAttribute('href', '/seller/login');
});

test('register checks the spec rules on the client with the server words', async ({ page }) => {
  let registerCalls = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/user/register')) registerCalls += 1;
  });
  await page.goto('/register');
  await shown(page).getByLabel('アカウント').fill('ok_name');
  await shown(page).getByLabel('姓').fill('佐藤');
  await shown(page).getByLabel('名', { exact: true }).fill('花子');
  await shown(page).getByLabel('メールアドレス').fill('not-an-email');
  await shown(page).getByLabel('携帯電話番号').fill('12ab');
  await shown(page).getByLabel('パスワード', { exact: true }).fill('12345');
  await shown(page).getByLabel('パスワード（確認）').fill('54321');
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByText('正しいメールアドレスを入力してください。')).toBeVisible();
  await expect(page.getByText('正しい携帯電話番号を入力してください。')).toBeVisible();
  await expect(page.getByText('パスワードは6文字以上で入力してください。')).toBeVisible();
  await expect(page.getByText('2つのパスワードが一致しません。')).toBeVisible();
  expect(registerCalls).toBe(0);

  // A taken account answers the server's message.
  await shown(page).getByLabel('アカウント').fill('demo');
  await shown(page).getByLabel('メールアドレス').fill('someone-new@example.com');
  await shown(page).getByLabel('携帯電話番号').fill('+81 80 5555 0101');
  await shown(page).getByLabel('パスワード', { exact: true }).fill('123456');
  await shown(page).getByLabel('パスワード（確認）').fill('123456');
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByText('このアカウント名は既に使われています。').first()).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('changing the payment code asks for the old code and checks the repeat', async ({ page, loginAsDemo }) => {
  await loginAsDemo();
  await page.goto('/changePayPwd');
  await expect(page.getByRole('heading', { level: 1, name: '支払いコードの変更' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '現在の支払いコードを入力' })).toBeVisible();
  await typeOnKeypad(page, '123456');
  await expect(page.getByRole('heading', { name: '新しい支払いコードを入力' })).toBeVisible();
  await typeOnKeypad(page, '111111');
  await typeOnKeypad(page, '222222');
  await expect(page.getByText('2つのパスワードが一致しません。')).toBeVisible();
  await expect(page.getByRole('heading', { name: '新しい支払いコードを入力' })).toBeVisible();
});

test('forgot password mails a code and asks for code and new password', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'パスワードをお忘れですか？' }).click();
  await expect(page).toHaveURL(/\/forgotPassword$/);
  await page.getByRole('button', { name: 'パスワードを再設定' }).click();
  await expect(page.getByText('6桁の確認コードを入力してください。')).toBeVisible();
  await shown(page).getByLabel('アカウント').fill('demo');
  await page.getByRole('button', { name: 'コードを送信' }).click();
  await expect(page.getByText('メールアドレスが登録されていれば、確認コードを送信しました。')).toBeVisible();
  await expect(page.getByRole('button', { name: /秒後に再送信/ })).toBeDisabled();
  await shown(page).getByLabel('確認コード').fill('000000');
  await shown(page).getByLabel('新しいパスワード', { exact: true }).fill('brand-new1');
  await shown(page).getByLabel('新しいパスワード（確認）').fill('brand-new1');
  await page.getByRole('button', { name: 'パスワードを再設定' }).click();
  await expect(
    shown(page).getByRole('alert').filter({ hasText: '確認コードが正しくないか、有効期限が切れています。' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/forgotPassword$/);
});

test('profile: names, email and mobile are saved and the user info is refreshed', async ({
  page,
  context,
  request,
}) => {
  const account = uniqueAccount('prof_');
  const registered = await request.post('/api/user/register', {
    data: {
      account,
      password: 'profile-pass1',
      repassword: 'profile-pass1',
      family_name: 'Tanaka',
      given_name: 'Ken',
      email: `${account}@example.com`,
      mobile: `+81 80 ${String(Date.now()).slice(-8)}`,
    },
  });
  const token = (await registered.json()).data.userinfo.token as string;
  await storeSession(context, { token, userInfo: null });

  await page.goto('/filter');
  await expect(page.getByTestId('me-name')).toHaveText('Tanaka Ken');
  await page.getByRole('link', { name: 'プロフィール' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(shown(page).getByText(account)).toBeVisible();
  await expect(shown(page).getByRole('button', { name: '保存' })).toBeDisabled();
  await shown(page).getByLabel('メールアドレス').fill('broken@');
  await shown(page).getByRole('button', { name: '保存' }).click();
  await expect(shown(page).getByText('正しいメールアドレスを入力してください。')).toBeVisible();
  await shown(page).getByLabel('メールアドレス').fill(`${account}@example.org`);
  await shown(page).getByLabel('名', { exact: true }).fill('Kenji');
  // A new email needs the current password.
  await shown(page).getByLabel('現在のパスワード').fill('profile-pass1');
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/user/profile'));
  await shown(page).getByRole('button', { name: '保存' }).click();
  expect((await (await saved).json()).code).toBe(1);
  await expect(page.getByText('保存しました')).toBeVisible();

  const info = await request.get('/api/user/getUserInfo', { headers: { token } });
  expect((await info.json()).data).toMatchObject({ given_name: 'Kenji', email: `${account}@example.org` });
  await page.goto('/filter');
  await expect(page.getByTestId('me-name')).toHaveText('Tanaka Kenji');
});

test('a forgotten payment code is replaced after the login password', async ({ page, context, request }) => {
  test.setTimeout(60_000);
  const account = uniqueAccount('forgot_');
  const password = 'forgot-pass1';
  const registered = await request.post('/api/user/register', {
    data: {
      account,
      password,
      repassword: password,
      family_name: 'Sato',
      given_name: 'Yui',
      email: `${account}@example.com`,
      mobile: `+81 70 ${String(Date.now()).slice(-8)}`,
    },
  });
  const token = (await registered.json()).data.userinfo.token as string;
  const resetPay = (data: Record<string, string>) =>
    request.post('/api/user/resetPay', { headers: { token }, data }).then(async (res) => (await res.json()).code);
  expect(await resetPay({ paypwd: '482915', repaypwd: '482915', password })).toBe(1);
  await storeSession(context, { token, userInfo: null });

  await page.goto('/changePayPwd');
  await expect(page.getByRole('heading', { name: '現在の支払いコードを入力' })).toBeVisible();
  await shown(page).getByRole('button', { name: '支払いコードをお忘れですか？' }).click();
  await expect(page.getByRole('heading', { name: 'ご本人の確認' })).toBeVisible();
  await shown(page).getByLabel('ログインパスワード').fill(password);
  await shown(page).getByRole('button', { name: '次へ' }).click();
  await expect(page.getByRole('heading', { name: '新しい支払いコードを入力' })).toBeVisible();
  await typeOnKeypad(page, '731864');
  await typeOnKeypad(page, '731864');
  await expect(page.getByText('支払いコードを保存しました')).toBeVisible();
  // The new code is the one in force: it changes the code again; the forgotten one does not.
  expect(await resetPay({ paypwd: '555000', repaypwd: '555000', oldpaypwd: '482915' })).toBe(0);
  expect(await resetPay({ paypwd: '555000', repaypwd: '555000', oldpaypwd: '731864' })).toBe(1);
});
