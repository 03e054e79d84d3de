import { clientConstants } from '@crossmart/contract/client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { detectLanguage, initI18n } from './shared/i18n/i18n.ts';
import { readCookie } from './shared/session/cookies.ts';
import { useSession } from './shared/session/session-store.ts';
import { followSystemColorScheme } from './shared/ui/antd-mobile-setup.ts';
import './shared/ui/theme.css';

followSystemColorScheme();

const root = document.getElementById('root');
if (root) {
  await initI18n(
    detectLanguage({
      stored: useSession.getState().setting?.file_name,
      cookie: readCookie(clientConstants.languageCookie),
      browser: navigator.languages ?? [navigator.language],
    }),
    window.location.pathname,
  );
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
