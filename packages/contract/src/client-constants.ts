/**
 * Constants of docs/spec.md §9 that the web client and the server share. Zod-free: part of
 * `@crossmart/contract/client`, which the shopper app's first load may import.
 */
export const clientConstants = {
  /** Request timeout of the API client (docs/spec.md §7). */
  requestTimeoutMs: 10_000,
  /** A POST/PUT with the same URL and body within this window is refused on the client (docs/spec.md §5). */
  duplicateSubmitWindowMs: 1000,
  /** Toasts last this long and block clicks; loading toasts stay until closed (docs/spec.md §9). */
  toastMs: 1200,
  /** Lifetime of the token and language cookies (docs/spec.md §9), and of a login token on the server. */
  cookieDays: 3,
  /** Cookie that holds the login token (docs/spec.md §6 calls it the admin token cookie). */
  tokenCookie: 'Admin-Token',
  /** Cookie that holds the chosen language file name. */
  languageCookie: 'language',
  /** Request headers of docs/spec.md §7. */
  headers: { token: 'token', lang: 'lang', language: 'language', idempotencyKey: 'Idempotency-Key' },
  /** Lazy images (docs/spec.md §9). */
  lazyImage: { cacheSize: 200, attempts: 3, throttleMs: 200 },
  /**
   * Resized copies of public pictures (ADR 0014): `/uploads/_v/<width>/<path under /uploads/>.<format>`,
   * made by the server on first request and cached. Only these widths and formats exist, so the
   * cache cannot be filled with arbitrary sizes; a width above the original gives the original's size.
   */
  imageVariants: { prefix: '/uploads/_v/', widths: [160, 320, 640, 960], formats: ['avif', 'webp'] },
  /** Pull-to-refresh and load-more (docs/spec.md §9). */
  pullToRefresh: { headHeight: 50, successTextMs: 500, animationMs: 300 },
  loadMoreOffset: 300,
} as const;

/** Paths a visitor may open, matched as prefixes (docs/spec.md §6). */
export const visitorPathPrefixes = [
  '/login',
  '/register',
  '/home',
  '/shop',
  '/explore',
  '/detail',
  '/search',
  '/forgotPassword',
  '/changePassword',
] as const;

/** Product list orders (docs/product-rules.md §9 `sort`); zod-free so the web's first load can use it. */
export const productSorts = ['sales', 'new', 'price_asc', 'price_desc'] as const;
