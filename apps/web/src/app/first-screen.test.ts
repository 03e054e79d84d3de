import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeEarlyGet } from '../shared/api/early-request.ts';
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

  it('sends nothing for a screen the guard will not show, or one without a first request', () => {
    const fetch = stubFetch({});
    // /bag without a session is the login screen.
    startFirstScreen({ ...visitor, pathname: '/bag' });
    startFirstScreen({ ...visitor, pathname: '/login' });
    startFirstScreen({ ...visitor, pathname: '/detail/not-a-number' });
    expect(fetch).not.toHaveBeenCalled();
  });
});
