import { registerSW } from 'virtual:pwa-register';
import { setUpdateWaiting } from './app-status.ts';

/** The worker's runtime cache of hashed chunks (`pwa.config.ts`). */
const assetsCache = 'crossmart-assets';

/**
 * Registers the service worker (`apps/web/pwa.config.ts`); loaded after the first render so it costs
 * the first load nothing. A new version waits until the user taps "reload" (`AppStatusBanner`), so
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
 * existed, so the worker never saw them: put them in its runtime cache now, so that the same
 * screens open offline. Precached files are skipped by the worker anyway; adding them again is cheap
 * (they come from the HTTP cache).
 */
async function cacheLoadedChunks() {
  if (!('caches' in window)) return;
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.pathname);
  if (urls.length === 0) return;
  const cache = await caches.open(assetsCache);
  await Promise.all(urls.map((url) => cache.add(url).catch(() => undefined)));
}
