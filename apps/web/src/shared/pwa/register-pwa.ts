import { registerSW } from 'virtual:pwa-register';
import { setUpdateWaiting } from './app-status.ts';

/** The worker's runtime cache of hashed chunks (`pwa.config.ts`). */
const assetsCache = 'crossmart-assets';

/**
 * Registers the service worker (`apps/web/pwa.config.ts`); loaded once the page has loaded and the
 * browser is idle (`app.tsx`), so its precache costs the first load nothing. A new version waits until the user taps "reload" (`AppStatusBanner`), so
 * one page never runs two versions.
 */
export function registerPwa() {
  if (!('serviceWorker' in navigator)) return;
  const update = registerSW({
    immediate: true,
    onNeedRefresh: () => setUpdateWaiting(() => void update(true)),
    onRegisteredSW: () => void cacheLoadedChunks(),
  });
}

/**
 * The first visit loaded its chunks (the current language's texts among them) before the worker
 * existed, so the worker never saw them: put them in its runtime cache, so that the same screens open
 * offline. Once the worker is active (its precache filled), only the chunks no cache holds yet are
 * fetched again: the precached shell is not requested a second time.
 */
async function cacheLoadedChunks() {
  if (!('caches' in window)) return;
  await navigator.serviceWorker.ready;
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.pathname);
  if (urls.length === 0) return;
  const cache = await caches.open(assetsCache);
  await Promise.all(
    urls.map(async (url) => {
      // `ignoreSearch`: a precache entry may carry Workbox's revision parameter.
      if (await caches.match(url, { ignoreSearch: true })) return;
      await cache.add(url).catch(() => undefined);
    }),
  );
}
