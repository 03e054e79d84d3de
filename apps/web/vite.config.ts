import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    port: Number(process.env.WEB_DEV_PORT ?? 5173),
    proxy: {
      '/api': process.env.API_PROXY ?? 'http://127.0.0.1:3000',
      '/uploads': process.env.API_PROXY ?? 'http://127.0.0.1:3000',
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // bench/bundle-size.ts reads the manifest to measure the first load of /home.
    manifest: true,
    modulePreload: {
      // The entry carries a table of every lazy screen's chunks to preload beside it; it grew with
      // each screen and is part of the first load. The tab screens and the detail page keep their
      // full list; other screens keep their styles and fetch their shared chunks as they import them.
      resolveDependencies: (filename, deps, { hostType }) =>
        hostType !== 'js' || /(home|explore|search|me|detail|bag)-(page|screen)/.test(filename)
          ? deps
          : deps.filter((dep) => dep.endsWith('.css')),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Small shared helpers that every first screen loads anyway (frame, empty state, skeletons,
            // images, toasts, config, money, bag badge): one chunk instead of one each, because each
            // chunk costs its own import and export lines on the first load (bench/bundle-size.ts).
            {
              name: 'shell-shared',
              test: /src[\\/]shared[\\/](ui[\\/](page|route-meta|empty-state|skeletons|lazy-image|feedback|antd-mobile-setup)|navigation[\\/](history|use-back|navigator)|api[\\/](load-api|config|query-keys)|lib[\\/](money|use-money)|session[\\/]cart-count)\.tsx?$/,
              includeDependenciesRecursively: false,
            },
            // Measuring and gesture maths of the swipe components (image viewer, pull to refresh…): on their
            // own, so that the chunk with the tab bar's safe area does not carry them into the first load.
            {
              name: 'gesture-utils',
              test: /node_modules[\\/](resize-observer-polyfill|ahooks[\\/]es[\\/](useSize|useRafState|utils[\\/]use(Isomorphic)?LayoutEffectWithTarget)|antd-mobile[\\/]es[\\/]utils[\\/](matrix|rubberband|bound|convert-px|dev-log))[\\/.]/,
              includeDependenciesRecursively: false,
            },
            // Button on its own: rolldown would otherwise put it beside Image (every product card), and
            // the home screen, which has no button, would load it.
            {
              name: 'button',
              test: /node_modules[\\/]antd-mobile[\\/]es[\\/](components[\\/]button|utils[\\/]validate)[\\/.]/,
              includeDependenciesRecursively: false,
            },
            // antd-mobile's animation and gesture libraries and the overlays built on them (Toast, Dialog,
            // Popup, Mask) form their own chunk, so that shared helpers never drag them into the first load.
            {
              name: 'overlay',
              test: /node_modules[\\/](@react-spring|@use-gesture|antd-mobile[\\/]es[\\/](components[\\/](mask|popup|center-popup|toast|dialog|auto-center|spin-loading|image-viewer)|utils[\\/](use-lock-scroll|render-imperatively|reduce-and-restore-motion|use-drag-and-pinch|unstable-render|render-to-body|render-to-container)))[\\/.]/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
