import { clientConstants, getLanguage, type LanguageFile } from '@crossmart/contract/client';
import { startEarlyGet } from '../shared/api/early-request.ts';
import { withQuery } from '../shared/api/query-string.ts';
import { compactCount, numberFormat } from '../shared/lib/intl-cache.ts';
import { parseId } from '../shared/lib/parse-id.ts';
import { decideNavigation } from '../shared/navigation/guard.ts';
import { fullWidthSizes, preloadPicture } from '../shared/ui/image-variants.ts';
import { homePath, shopperRoutes } from './routes.ts';

/**
 * The shop's route paths all start with their own literal segment (`/detail/:product?`…), so the
 * first segment names the route without the router (which loads with React, in the framework chunk).
 */
function routeOf(pathname: string) {
  const segment = pathname.split('/')[1];
  return shopperRoutes.find((route) => route.path.split('/')[1] === segment);
}

/** The GET the first screen sends at once (the API client's exact URL and headers), if any. */
function firstRequest(pathname: string, language: LanguageFile, token: string) {
  const names = clientConstants.headers;
  const headers: Record<string, string> = { [names.lang]: language, [names.language]: language };
  const base = import.meta.env.VITE_API_BASE_URL ?? '';
  if (pathname === homePath) return { url: `${base}/api/home`, headers };
  const detail = /^\/detail\/([^/]+)/.exec(pathname);
  const id = parseId(detail?.[1]);
  if (id) {
    if (token) headers[names.token] = token;
    return { url: `${base}${withQuery('/api/product/detail', { id })}`, headers };
  }
  return undefined;
}

/** The first screen's largest picture, named by its answer: home's first banner, a product's first photo. */
function mainPicture(pathname: string, data: unknown): string | undefined {
  const answer = data as { banners?: Array<{ image?: unknown }>; images?: unknown[] } | undefined;
  const image = pathname === homePath ? answer?.banners?.[0]?.image : answer?.images?.[0];
  return typeof image === 'string' && image ? image : undefined;
}

/**
 * Asks for the first screen's largest picture as soon as the answer naming it is in, not after React
 * has rendered it. A copy of the answer is read: the API client reads the original.
 */
async function preloadMainPicture(pathname: string, response: Promise<Response>): Promise<void> {
  try {
    const answer = await response;
    if (!answer.ok) return;
    const envelope = (await answer.clone().json()) as { data?: unknown };
    const image = mainPicture(pathname, envelope.data);
    if (image) preloadPicture(image, fullWidthSizes);
  } catch {
    // The screen shows the picture (or the failure) as usual.
  }
}

/**
 * Starts what the first screen waits for as soon as the entry runs, in parallel with React and the
 * shell (ADR 0018): the screen's own chunk (the one the guard will show: /bag without a session is
 * the login screen) and its data request. Before this, each waited for the one before it: the
 * framework, the texts, the screen's chunk, the API client, then the request, then its pictures.
 */
export function startFirstScreen(input: {
  pathname: string;
  language: LanguageFile;
  token: string;
  hasUserInfo: boolean;
}): void {
  const pathname = input.pathname === '/' ? homePath : input.pathname;
  const decision = decideNavigation({ pathname, hasToken: input.token !== '', hasUserInfo: input.hasUserInfo });
  const shown = decision.kind === 'redirect' ? (decision.to === '/' ? homePath : decision.to) : pathname;
  // The same import() as React.lazy's in the shell: the module loads once, whoever asks first.
  void routeOf(shown)
    ?.load()
    .catch(() => undefined);
  if (decision.kind !== 'redirect') {
    const request = firstRequest(pathname, input.language, input.token);
    if (!request) return;
    const response = startEarlyGet(request.url, request.headers);
    void preloadMainPicture(pathname, response);
    warmIntl(getLanguage(input.language).tag);
  }
}

/**
 * The first Intl formatter of a page starts ICU (its locale data): 50–90 ms of main thread on a
 * throttled phone. On /home and /detail the cards' counts need one in React's first commit of the
 * content, its longest task; built here, in a task of its own while the entry waits for React and
 * the answer, that commit finds it in the cache (ADR 0020 addendum).
 */
function warmIntl(tag: string) {
  setTimeout(() => numberFormat(tag, compactCount), 0);
}
