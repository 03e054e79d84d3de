import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeEarlyGet } from '../shared/api/early-request.ts';
import { compactCount, numberFormat } from '../shared/lib/intl-cache.ts';
import { startFirstScreen } from './first-screen.ts';

const get = (url: string, headers: Record<string, string>) => ({
  method: 'GET' as const,
  url,
  headers,
  timeoutMs: 1000,
});

afterEach(() => {
  vi.unstubAllGlobals();
  for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
});

function stubFetch(body: unknown) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body)));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const visitor = { language: 'en' as const, token: '', hasUserInfo: false };

describe('startFirstScreen (ADR 0018)', () => {
  it('sends /api/home as the API client will, and preloads the first banner it names', async () => {
    const fetch = stubFetch({ code: 1, data: { banners: [{ image: '/uploads/catalog/demo/banner-1.webp' }] } });
    startFirstScreen({ ...visitor, pathname: '/home' });
    expect(fetch).toHaveBeenCalledWith('/api/home', { headers: { lang: 'en', language: 'en' } });
    expect(takeEarlyGet(get('/api/home', { lang: 'en', language: 'en' }))).toBeDefined();
    await vi.waitFor(() => expect(document.head.querySelector('link[rel="preload"][as="image"]')).not.toBeNull());
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]');
    expect(link?.getAttribute('imagesrcset')).toContain('/uploads/_v/960/catalog/demo/banner-1.webp.avif 960w');
    expect(link?.getAttribute('type')).toBe('image/avif');
  });

  it('sends a product’s detail with the token a signed-in shopper’s client sends', () => {
    const fetch = stubFetch({});
    startFirstScreen({ language: 'jp', token: 'tok', hasUserInfo: true, pathname: '/detail/131' });
    expect(fetch).toHaveBeenCalledWith('/api/product/detail?id=131', {
      headers: { lang: 'jp', language: 'jp', token: 'tok' },
    });
    takeEarlyGet(get('/api/product/detail?id=131', { lang: 'jp', language: 'jp', token: 'tok' }));
  });

  it('builds the first Intl formatter in a task of its own on /home and /detail only', () => {
    stubFetch({});
    vi.useFakeTimers();
    const built = vi.spyOn(Intl, 'NumberFormat');
    try {
      startFirstScreen({ ...visitor, pathname: '/bag' });
      startFirstScreen({ ...visitor, language: 'gr', pathname: '/home' });
      expect(built).not.toHaveBeenCalled(); // not in the entry's own task
      vi.runAllTimers();
      expect(built).toHaveBeenCalledTimes(1);
      expect(built).toHaveBeenCalledWith('el', compactCount); // the tag, as the cards ask for it
      expect(numberFormat('el', compactCount)).toBe(built.mock.results[0]?.value);
    } finally {
      built.mockRestore();
      vi.useRealTimers();
      takeEarlyGet(get('/api/home', { lang: 'gr', language: 'gr' }));
    }
  });

  it('sends nothing for a screen the guard will not show, or one without a first request', () => {
    const fetch = stubFetch({});
    // /bag without a session is the login screen.
    startFirstScreen({ ...visitor, pathname: '/bag' });
    startFirstScreen({ ...visitor, pathname: '/login' });
    startFirstScreen({ ...visitor, pathname: '/detail/not-a-number' });
    expect(fetch).not.toHaveBeenCalled();
  });
});
