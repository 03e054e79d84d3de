import { clientConstants } from '@crossmart/contract/client';
import { startFirstScreen } from './app/first-screen.ts';
import { detectLanguage, initI18n } from './shared/i18n/i18n.ts';
import { readCookie } from './shared/session/cookies.ts';
import { readStoredSession } from './shared/session/stored-session.ts';
import './shared/ui/theme.css';

/**
 * The entry stays small and imports no React (ADR 0018): it picks the language, sends the first
 * screen's data request and loads its chunk and texts, and only then imports React and the shell —
 * which the page already fetches in parallel (`<link rel="modulepreload">`, vite.config.ts).
 */
const stored = readStoredSession();
const language = detectLanguage({
  stored: stored.language,
  cookie: readCookie(clientConstants.languageCookie),
  browser: navigator.languages ?? [navigator.language],
});
const { pathname } = window.location;
startFirstScreen({ pathname, language, token: stored.token, hasUserInfo: stored.hasUserInfo });

const root = document.getElementById('root');
if (root) {
  const [{ startApp }] = await Promise.all([import('./app/start-app.tsx'), initI18n(language, pathname)]);
  startApp(root);
}
