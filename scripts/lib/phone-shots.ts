import { type Browser, chromium, type Page } from '@playwright/test';

/** The three languages every screenshot is taken in: Japanese (default), English, Arabic (RTL). */
export const shotLanguages = [
  { file: 'jp', locale: 'ja-JP' },
  { file: 'en', locale: 'en-US' },
  { file: 'ar', locale: 'ar' },
] as const;
export type ShotLanguage = (typeof shotLanguages)[number];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
}

export interface ShotSession {
  token: string;
  userinfo: unknown;
  /** The back-history the app starts with (decides the nav bar's back button). */
  history?: string[];
}

/**
 * A fresh 390×844 phone page in `language`; with `session`, logged in the way the app persists it
 * (token cookie + zustand state), set before the first page loads. Close its context when done.
 */
export async function phonePage(
  browser: Browser,
  language: { file: string; locale: string },
  session?: ShotSession,
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: language.locale,
    colorScheme: 'light',
  });
  await context.addInitScript(
    ({ file, session }) => {
      if (localStorage.getItem('crossmart-shot')) return;
      localStorage.setItem('crossmart-shot', '1');
      // biome-ignore lint/suspicious/noDocumentCookie: the app's own cookies, set as the app sets them
      document.cookie = `language=${file}; path=/`;
      const state = { token: '', userInfo: null as unknown, backData: null, history: session?.history ?? [] };
      if (session) {
        // biome-ignore lint/suspicious/noDocumentCookie: the app's own cookies, set as the app sets them
        document.cookie = `Admin-Token=${session.token}; path=/`;
        state.token = session.token;
        state.userInfo = session.userinfo;
      }
      localStorage.setItem('crossmart-session', JSON.stringify({ state, version: 1 }));
    },
    { file: language.file, session },
  );
  return context.newPage();
}
