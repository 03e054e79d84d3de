import { UploadOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { copyText } from '../../../shared/lib/clipboard.ts';
import { toast } from '../../../shared/ui/feedback.ts';

/**
 * Shares the page's link: the system share sheet where the browser has one (Web Share API), else
 * the link is copied (which needs HTTPS: `common.notHttps` otherwise, as for every copy). The link
 * is the page's own address, whose server answer carries the preview tags for chat apps.
 */
export function ShareButton({ title, text }: { title: string; text?: string | undefined }) {
  const { t } = useTranslation();
  const share = async () => {
    const url = new URL(window.location.pathname, window.location.origin).href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, ...(text ? { text } : {}), url });
        return;
      } catch (error) {
        // Closing the share sheet is not a failure; anything else falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    const result = await copyText(url);
    if (result === 'copied') toast(t('share.linkCopied'), 'success');
    else toast(t(result === 'insecure' ? 'common.notHttps' : 'common.copyFailed'), 'fail');
  };
  return (
    <button type="button" className="cm-icon-button" aria-label={t('share.action')} onClick={() => void share()}>
      <UploadOutline />
    </button>
  );
}
