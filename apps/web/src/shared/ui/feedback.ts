import { clientConstants } from '@crossmart/contract/client';
import type { ReactNode } from 'react';
import { i18n } from '../i18n/i18n.ts';
import { withAntdMobileRender } from './antd-mobile-setup.ts';

/*
 * Toast and Dialog carry antd-mobile's animation library (~30 KB gzip), so they load on first use
 * (and are preloaded once the first screen is up) instead of weighing on the first load.
 */
type ToastApi = typeof import('antd-mobile/es/components/toast/index.js').default;
let toastApi: Promise<ToastApi> | undefined;
function loadToast(): Promise<ToastApi> {
  toastApi ??= withAntdMobileRender(() => import('antd-mobile/es/components/toast/index.js')).then(
    (module) => module.default,
  );
  return toastApi;
}

/** Warms the toast, dialog and sheet (Popup) code after the first render. */
export function preloadFeedback() {
  void loadToast();
  void loadDialog();
  void import('./sheet-popup.tsx');
}

type DialogApi = typeof import('antd-mobile/es/components/dialog/index.js').default;
function loadDialog(): Promise<DialogApi> {
  return withAntdMobileRender(() => import('antd-mobile/es/components/dialog/index.js')).then(
    (module) => module.default,
  );
}

/** A toast of 1200 ms that blocks clicks while shown (docs/spec.md §9). */
export function toast(message: ReactNode, icon?: 'success' | 'fail') {
  void loadToast().then((Toast) => {
    Toast.show({
      content: message,
      duration: clientConstants.toastMs,
      maskClickable: false,
      ...(icon ? { icon } : {}),
    });
  });
}

/** A loading toast: stays (and blocks clicks) until the returned function closes it. */
export function showLoading(message?: ReactNode): () => void {
  let closed = false;
  let close: (() => void) | undefined;
  void loadToast().then((Toast) => {
    if (closed) return;
    const handler = Toast.show({
      icon: 'loading',
      content: message ?? i18n.t('list.loading'),
      duration: 0,
      maskClickable: false,
    });
    close = () => handler.close();
  });
  return () => {
    closed = true;
    close?.();
  };
}

export interface ConfirmOptions {
  title?: ReactNode;
  content: ReactNode;
  confirmText?: ReactNode;
  cancelText?: ReactNode;
}

/** A confirm dialog; resolves true on confirm. */
export async function confirm(options: ConfirmOptions): Promise<boolean> {
  const Dialog = await loadDialog();
  return Dialog.confirm({
    title: options.title,
    content: options.content,
    confirmText: options.confirmText ?? i18n.t('common.confirm'),
    cancelText: options.cancelText ?? i18n.t('common.cancel'),
  });
}
