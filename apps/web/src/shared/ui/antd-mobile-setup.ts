import type { Root } from 'react-dom/client';

type Container = (Element | DocumentFragment) & { _crossmartRoot?: Root };

let renderShim: Promise<void> | undefined;

/**
 * antd-mobile 5 renders its imperative overlays (Toast, Dialog, Modal, ImageViewer.show…) with the
 * React 18 `render` API, which React 19 removed: without this shim they show nothing.
 * It is installed once, lazily, together with the first overlay, so the first load does not carry it:
 * load imperative antd-mobile APIs through `withAntdMobileRender` (see feedback.ts).
 */
export function ensureAntdMobileRender(): Promise<void> {
  renderShim ??= Promise.all([import('antd-mobile/es/utils/unstable-render.js'), import('react-dom/client')]).then(
    ([{ unstableSetRender }, { createRoot }]) => {
      unstableSetRender((node, container: Container) => {
        container._crossmartRoot ??= createRoot(container);
        const root = container._crossmartRoot;
        root.render(node);
        return async () => {
          await new Promise((resolve) => setTimeout(resolve, 0));
          root.unmount();
          delete container._crossmartRoot;
        };
      });
    },
  );
  return renderShim;
}

/** Loads an imperative antd-mobile API with the React 19 render shim in place. */
export async function withAntdMobileRender<T>(load: () => Promise<T>): Promise<T> {
  const [module] = await Promise.all([load(), ensureAntdMobileRender()]);
  return module;
}

/** antd-mobile's dark theme follows `data-prefers-color-scheme`; keep it in step with the system. */
export function followSystemColorScheme() {
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = () =>
    document.documentElement.setAttribute('data-prefers-color-scheme', query.matches ? 'dark' : 'light');
  apply();
  query.addEventListener('change', apply);
}
