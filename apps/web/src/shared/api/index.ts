import { currentLanguage, i18n } from '../i18n/i18n.ts';
import { navigateTo } from '../navigation/navigator.ts';
import { getToken, useSession } from '../session/session-store.ts';
import { toast } from '../ui/feedback.ts';
import { createApiClient } from './client.ts';

export { ApiError, type Envelope, newActionKey, type RequestOptions } from './client.ts';

/** The app's one API client (docs/spec.md §7–8), wired to the session, the UI language, toasts and the router. */
export const api = createApiClient({
  baseURL: import.meta.env.VITE_API_BASE_URL ?? '',
  getToken,
  getLanguage: currentLanguage,
  // Offline, the app-status strip already says why every call fails (shared/pwa): no toast per call.
  notify: (message) => {
    if (navigator.onLine !== false) toast(message);
  },
  onUnauthorized: () => {
    useSession.getState().clearSession();
    navigateTo('/login');
  },
  translate: (key, params) => i18n.t(key, params ?? {}),
});
