import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';

/** Storage key and cookie names the app uses (apps/web/src/shared/session, contract clientConstants). */
export const sessionKey = 'crossmart-session';
export const tokenCookie = 'Admin-Token';
export const languageCookie = 'language';

export const demoUser = { id: 1, account: 'demo', family_name: 'Demo', given_name: 'Shopper', balance: 128_500 };

/**
 * Puts a session into a fresh browser the way the app persists it (token cookie + zustand state),
 * before the first page loads. With `userInfo` the guard needs no server call, so screens that only
 * need "a token and a user" can be tested without the accounts endpoints.
 */
export async function storeSession(
  context: BrowserContext,
  session: { token: string; userInfo?: Record<string, unknown> | null },
) {
  await context.addInitScript(
    ({ key, cookie, token, userInfo }) => {
      if (localStorage.getItem(key)) return;
      document.cookie = `${cookie}=${token}; path=/`;
      const state = { token, userInfo, backData: null, setting: null, history: [] };
      localStorage.setItem(key, JSON.stringify({ state, version: 1 }));
    },
    { key: sessionKey, cookie: tokenCookie, token: session.token, userInfo: session.userInfo ?? null },
  );
}

export async function storedHistory(page: Page): Promise<string[]> {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').state?.history ?? [], sessionKey);
}

/** The scroll container of the screen shown for `key` (path + search without `backs`). */
export function screen(page: Page, key: string) {
  return page.locator(`.cm-screen[data-screen="${key}"]`);
}

export const test = base.extend<{ loginAsDemo: () => Promise<string> }>({
  /** Logs in as the demo buyer through the real `POST /api/user/login` and stores the token as the app does. */
  loginAsDemo: async ({ context, request }, use) => {
    await use(async () => {
      const response = await request.post('/api/user/login', { data: { account: 'demo', password: 'demo123' } });
      const body = (await response.json()) as { code: number; msg: string; data?: { userinfo?: { token?: string } } };
      expect(body.code, body.msg).toBe(1);
      const token = body.data?.userinfo?.token ?? '';
      expect(token).not.toBe('');
      await storeSession(context, { token, userInfo: null });
      return token;
    });
  },
});

export { expect };
