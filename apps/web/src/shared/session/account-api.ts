import type { LanguageFile } from '@crossmart/contract/client';
import { api } from '../api/index.ts';
import { useSession } from './session-store.ts';
import type { SessionUser } from './session-types.ts';

/** `GET /api/user/getUserInfo`. */
export function fetchUserInfo(): Promise<SessionUser> {
  return api.get<SessionUser>('/api/user/getUserInfo');
}

/** Fetches the user again (balance, payment-code flag, profile) and stores it in the session. */
export async function refreshUserInfo(): Promise<SessionUser> {
  const user = await fetchUserInfo();
  if (useSession.getState().token) useSession.getState().setUserInfo(user);
  return user;
}

/** `POST /api/user/logout` (docs/spec.md §7 writes it with `?lang=zh-cn`; the headers carry the language anyway). */
export function logout(): Promise<unknown> {
  return api.post('/api/user/logout', {}, { repeatSubmit: false });
}

/** `GET /api/user/set_language?file_name=<file_name>`: the logged-in user's saved language. */
export function saveUserLanguage(language: LanguageFile): Promise<unknown> {
  return api.get('/api/user/set_language', { file_name: language });
}
