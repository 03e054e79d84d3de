import { useNavigate } from 'react-router';
import { useTranslation } from '../i18n/use-translation.ts';
import { confirm } from '../ui/feedback.ts';
import { logout } from './account-api.ts';
import { useSession } from './session-store.ts';

/**
 * Logout with the spec's confirmation: ends the session on the server, then clears token and user
 * info (docs/spec.md §4) and goes to /login. A failed call still clears the local session.
 */
export function useLogout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return async function confirmAndLogout() {
    const ok = await confirm({ title: t('me.logoutTitle'), content: t('me.logoutConfirm') });
    if (!ok) return;
    await logout().catch(() => undefined);
    useSession.getState().clearSession();
    navigate('/login', { replace: true });
  };
}
