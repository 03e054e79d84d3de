import type { LanguageFile } from '@crossmart/contract/client';
import { saveUserLanguage } from '../session/account-api.ts';
import { useSession } from '../session/session-store.ts';
import { switchLanguage } from './i18n.ts';

/**
 * Spec §2/§3 language choice: switch the UI at once, store the language object and the cookie,
 * and save it on the account when logged in.
 */
export async function changeLanguage(file: LanguageFile) {
  const session = useSession.getState();
  session.setSetting(file);
  await switchLanguage(file);
  if (session.token) {
    await saveUserLanguage(file).catch(() => undefined);
  }
}
