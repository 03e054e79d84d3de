import { type BrowserContext, expect } from '@playwright/test';
import { storeSession, test } from './fixtures.ts';

/**
 * Issue 15 journey on the real server: the demo buyer writes to customer service → the admin sees
 * it live in the inbox (a desktop browser) and answers → the buyer sees the answer live, and the
 * me tab's service badge clears once the chat shows it.
 */

async function loginContext(context: BrowserContext, baseURL: string, account: string, password: string) {
  const response = await context.request.post(`${baseURL}/api/user/login`, { data: { account, password } });
  const body = (await response.json()) as { code: number; data: { userinfo: { token: string } } };
  expect(body.code).toBe(1);
  await storeSession(context, { token: body.data.userinfo.token, userInfo: null });
  return body.data.userinfo.token;
}

test('buyer writes → admin sees it live and answers → buyer sees the answer live, badge clears', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const base = baseURL ?? '';
  await loginContext(page.context(), base, 'demo', 'demo123');
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  const adminToken = await loginContext(adminContext, base, 'admin', 'admin123');
  const admin = await adminContext.newPage();
  await admin.goto('/admin/service');
  // The admin area is a large lazy chunk: on a busy machine it takes a while the first time.
  await expect(admin.getByTestId('inbox-live')).toBeVisible({ timeout: 20_000 });

  // 1. The buyer writes (the chat is open: its own stream shows the message too).
  const question = `Where is my parcel? ${Date.now()}`;
  await page.goto('/service');
  await page.getByTestId('service-input').locator('textarea:not([readonly])').fill(question);
  await page.getByTestId('service-send').click();
  await expect(page.getByTestId('service-message').filter({ hasText: question })).toHaveAttribute(
    'data-sender',
    'user',
  );

  // 2. The admin's inbox shows it without a reload, unread; the admin opens it and answers.
  const item = admin.getByTestId('admin-conversation-item').filter({ hasText: question });
  await expect(item).toBeVisible();
  await expect(item.locator('.ant-badge-count')).toHaveText('1');
  await item.click();
  await expect(admin.getByTestId('admin-conversation')).toContainText(question);
  const answer = `It left our warehouse today ${Date.now()}`;
  await admin.getByTestId('admin-reply-input').fill(answer);
  await admin.getByTestId('admin-reply-send').click();

  // 3. The buyer sees the answer live, with the agent's name.
  const shown = page.getByTestId('service-message').filter({ hasText: answer });
  await expect(shown).toHaveAttribute('data-sender', 'agent');
  await expect(shown).toContainText('Demo Admin');

  // 4. Read while shown: the me tab has no service badge.
  await page.goto('/filter');
  await expect(page.getByTestId('me-name')).toBeVisible();
  await expect(page.getByTestId('unread-service')).toHaveCount(0);

  // 5. An answer while the buyer is elsewhere: the badge shows it until the chat is opened.
  const later = `Tracking number: 4912 ${Date.now()}`;
  const replied = await admin.request.post('/api/admin/service_reply', {
    headers: { token: adminToken },
    data: { user_id: 1, kind: 'text', body: later },
  });
  expect(((await replied.json()) as { code: number }).code).toBe(1);
  await page.reload();
  await expect(page.getByTestId('unread-service')).toHaveText('1');
  await page.getByTestId('unread-service').click();
  await expect(page).toHaveURL(/\/service/);
  await expect(page.getByTestId('service-message').filter({ hasText: later })).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId('me-name')).toBeVisible();
  await expect(page.getByTestId('unread-service')).toHaveCount(0);
  await adminContext.close();
});
