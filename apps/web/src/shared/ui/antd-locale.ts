import type { Locale } from 'antd-mobile/es/locales/base';
import { i18n } from '../i18n/i18n.ts';

type Translate = (key: string) => string;

/**
 * antd-mobile's built-in texts (accessible names such as the search box's and the clear button's,
 * the uploader's, the infinite list's and the pull-to-refresh texts) from the app's own keys, so
 * they follow the UI language instead of antd-mobile's Chinese default. Components the app does not
 * use (calendar, cascader, date picker, error block, slider, stepper) and the form's default
 * validation messages (every rule here has its own message) keep `base`'s.
 */
export function antdLocale(t: Translate, language: string, base: Locale): Locale {
  return {
    ...base,
    locale: language,
    common: {
      confirm: t('common.confirm'),
      cancel: t('common.cancel'),
      loading: t('list.loading'),
      close: t('ui.close'),
    },
    Dialog: { ok: t('common.ok') },
    Modal: { ok: t('common.ok') },
    ImageUploader: { uploading: t('ui.uploading'), upload: t('ui.upload') },
    InfiniteScroll: { noMore: t('list.noMore'), failedToLoad: t('common.loadFailed'), retry: t('common.retry') },
    Input: { clear: t('ui.clear') },
    Mask: { name: t('ui.close') },
    NumberKeyboard: { backspace: t('payCode.backspace') },
    PasscodeInput: { name: t('payment.enterCode') },
    PullToRefresh: {
      pulling: t('list.pullToRefresh'),
      canRelease: t('list.releaseToRefresh'),
      complete: t('list.refreshed'),
    },
    SearchBar: { name: t('ui.searchBox') },
    Selector: { name: t('ui.options') },
    Switch: { name: t('ui.switch') },
  };
}

/**
 * Makes antd-mobile's default config speak the UI language, now and on every language change or
 * late part of the texts. The default config, not a `ConfigProvider`: the overlays (Toast, Dialog)
 * render in roots of their own, and a provider at the app's root would put antd-mobile into the
 * first load of /home, which has none (ADR 0020). A component reads it when it renders; screens
 * re-render on a language change (`useTranslation`).
 */
export function installAntdLocale(setDefaultConfig: (config: { locale: Locale }) => void, base: Locale): void {
  const apply = () => setDefaultConfig({ locale: antdLocale((key) => i18n.t(key), i18n.language, base) });
  apply();
  i18n.on('languageChanged', apply);
  i18n.on('added', apply);
}
