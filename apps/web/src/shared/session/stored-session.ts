import { clientConstants } from '@crossmart/contract/client';
import { readCookie } from './cookies.ts';

/** Where the session store (session-store.ts) persists its state in localStorage. */
export const sessionStorageKey = 'crossmart-session';

interface StoredSession {
  token?: unknown;
  userInfo?: unknown;
  setting?: { file_name?: unknown } | null;
}

function readStored(): StoredSession {
  try {
    const raw = localStorage.getItem(sessionStorageKey);
    const parsed = raw ? (JSON.parse(raw) as { state?: StoredSession }) : undefined;
    return parsed?.state ?? {};
  } catch {
    return {};
  }
}

/**
 * What the entry needs of the persisted session before the session store (and zustand, in the
 * framework chunk) has loaded: the chosen language and the token, with the store's own rule that a
 * token whose cookie is gone is no token (session-store.ts `merge`).
 */
export function readStoredSession(): { language: string | undefined; token: string; hasUserInfo: boolean } {
  const stored = readStored();
  const language = typeof stored.setting?.file_name === 'string' ? stored.setting.file_name : undefined;
  const token = typeof stored.token === 'string' && readCookie(clientConstants.tokenCookie) ? stored.token : '';
  return { language, token, hasUserInfo: token !== '' && stored.userInfo != null };
}
