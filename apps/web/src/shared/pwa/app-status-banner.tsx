import { useTranslation } from '../i18n/use-translation.ts';
import { useAppStatus } from './app-status.ts';

/**
 * A strip above the screens: "offline" while the network is gone (the cached shell and lists still
 * show), else "a new version is ready" with a reload button. Nothing shows otherwise.
 */
export function AppStatusBanner() {
  const { t } = useTranslation();
  const { online, reload } = useAppStatus();
  if (!online) {
    return (
      <div className="cm-status-banner cm-status-banner--offline" role="status" data-testid="offline-banner">
        {t('pwa.offline')}
      </div>
    );
  }
  if (!reload) return null;
  return (
    <div className="cm-status-banner" role="status" data-testid="update-banner">
      <span>{t('pwa.updateReady')}</span>
      <button type="button" className="cm-status-banner__action" onClick={reload}>
        {t('pwa.reload')}
      </button>
    </div>
  );
}
