import { readFileSync } from 'node:fs';
import path from 'node:path';
import { VitePWA } from 'vite-plugin-pwa';

/** Light theme colours of `src/shared/ui/theme.css` (dark ones in `index.html`'s theme-color metas). */
const brand = '#ff5a1f';
const lightBackground = '#f5f6f8';
const darkBackground = '#0e0f11';

/**
 * The app shell the worker precaches: the entry, React and the shell (`start-app.tsx`, which the
 * entry imports dynamically) and the screens a shopper opens first (the tabs, search and product detail) with their static imports and styles, read from Vite's manifest. Other
 * screens, the staff areas and the languages' texts are cached when first loaded (`crossmart-assets`),
 * so a first visit does not download the whole app in the background.
 */
const shellScreens =
  /^src\/features\/(catalog|cart|me)\/pages\/(home|explore|search|bag|me)-page\.tsx$|^src\/app\/(screens\/detail-screen|start-app)\.tsx$/;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

function shellFiles(distDir: string): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    // The entry's stylesheet is inlined in index.html (vite.config.ts, ADR 0023): nothing loads the file.
    if (!chunk.isEntry) for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry || shellScreens.test(key)) visit(key);
  return files;
}

const anySizes = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512];
const maskableSizes = [192, 512];

/**
 * The installable shopper app (issue 21): the web app manifest and a Workbox service worker.
 * - Precached: the page and the app shell (`shellFiles`). Every other hashed chunk, the current
 *   language's texts among them, is cached when it loads (`crossmart-assets`); the chunks the page
 *   loaded before the worker took over are put there by `src/shared/pwa/register-pwa.ts`.
 * - API answers are never cached, except the home screen and the category list: stale while
 *   revalidate, keyed by the request's language header (the URL alone is the same in every
 *   language). Nothing is queued for later (no background sync): an order or a payment made offline
 *   fails like any failed request.
 * - Catalog images (`/uploads/`): cache first, at most 200 images and 30 days.
 * - `registerType: 'prompt'`: a new worker waits until the user taps "reload" (never two versions
 *   in one page).
 * The icons are committed PNGs (`scripts/make-app-icons.ts`).
 */
export function shopperPwa() {
  return VitePWA({
    registerType: 'prompt',
    // Registered from the app after the first render (src/shared/pwa/), never by an inline script (CSP).
    injectRegister: false,
    includeAssets: ['favicon.svg', 'robots.txt', 'icons/apple-touch-icon.png'],
    manifest: {
      id: '/home',
      name: 'Crossmart',
      short_name: 'Crossmart',
      description: 'Crossmart: a cross-border marketplace.',
      lang: 'ja',
      start_url: '/home',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: brand,
      background_color: lightBackground,
      categories: ['shopping'],
      icons: [
        ...anySizes.map((size) => ({
          src: `/icons/icon-${size}.png`,
          sizes: `${size}x${size}`,
          type: 'image/png',
          purpose: 'any',
        })),
        ...maskableSizes.map((size) => ({
          src: `/icons/maskable-${size}.png`,
          sizes: `${size}x${size}`,
          type: 'image/png',
          purpose: 'maskable',
        })),
      ],
      // Chromium's dark-mode manifest colours (ignored elsewhere): the dark page background.
      ...({
        user_preferences: { color_scheme: { dark: { theme_color: darkBackground, background_color: darkBackground } } },
      } as object),
    },
    workbox: {
      cacheId: 'crossmart',
      globPatterns: ['index.html', 'favicon.svg', 'icons/icon-192.png', 'icons/icon-512.png', 'assets/*.{js,css}'],
      globIgnores: ['**/*.br', '**/*.gz', '**/*.map'],
      manifestTransforms: [
        (entries) => {
          const shell = shellFiles(path.resolve(import.meta.dirname, 'dist'));
          return {
            manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || shell.has(entry.url)),
            warnings: [],
          };
        },
      ],
      maximumFileSizeToCacheInBytes: 1024 * 1024,
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api\//, /^\/uploads\//],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      runtimeCaching: [
        {
          // Hashed script and style chunks that were not precached: the current language's texts,
          // the staff areas once opened. Their names change with their content.
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
          handler: 'CacheFirst',
          options: {
            cacheName: 'crossmart-assets',
            expiration: { maxEntries: 150, purgeOnQuotaError: true },
            cacheableResponse: { statuses: [200] },
          },
        },
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/uploads/'),
          handler: 'CacheFirst',
          options: {
            cacheName: 'crossmart-images',
            expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true },
            cacheableResponse: { statuses: [200] },
          },
        },
        {
          urlPattern: ({ url, sameOrigin }) =>
            sameOrigin && (url.pathname === '/api/home' || url.pathname === '/api/category/list'),
          handler: 'StaleWhileRevalidate',
          method: 'GET',
          options: {
            cacheName: 'crossmart-catalog-lists',
            expiration: { maxEntries: 80, maxAgeSeconds: 7 * 24 * 3600 },
            cacheableResponse: { statuses: [200] },
            plugins: [
              {
                // One entry per language: the API takes the language from a header, not the URL.
                cacheKeyWillBeUsed: async ({ request }) => {
                  const url = new URL(request.url);
                  url.searchParams.set('sw-lang', request.headers.get('lang') ?? '');
                  return url.href;
                },
              },
            ],
          },
        },
      ],
    },
  });
}
