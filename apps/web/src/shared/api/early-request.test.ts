import { afterEach, describe, expect, it, vi } from 'vitest';
import { startEarlyGet, takeEarlyGet } from './early-request.ts';
import { browserTransport, TransportError, type TransportRequest } from './transport.ts';

const headers = { lang: 'en', language: 'en' };
const request = (overrides: Partial<TransportRequest> = {}): TransportRequest => ({
  method: 'GET',
  url: '/api/home',
  headers: { ...headers },
  timeoutMs: 1000,
  ...overrides,
});

afterEach(() => {
  vi.unstubAllGlobals();
  // Nothing left over for the next test.
  takeEarlyGet(request());
});

function stubFetch(body: unknown, status = 200) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('the first screen’s early request (ADR 0018)', () => {
  it('is taken over once by the very same GET, and the transport sends nothing more', async () => {
    const fetch = stubFetch({ code: 1, data: 'early' });
    startEarlyGet('/api/home', headers);
    expect(fetch).toHaveBeenCalledTimes(1);
    await expect(browserTransport(request())).resolves.toEqual({ code: 1, data: 'early' });
    expect(fetch).toHaveBeenCalledTimes(1);
    // A second call is a new request.
    await browserTransport(request());
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('is not used for another URL, other headers (language, token) or another method', () => {
    stubFetch({});
    startEarlyGet('/api/home', headers);
    expect(takeEarlyGet(request({ url: '/api/home?page=2' }))).toBeUndefined();
    expect(takeEarlyGet(request({ headers: { lang: 'jp', language: 'jp' } }))).toBeUndefined();
    expect(takeEarlyGet(request({ headers: { ...headers, token: 't' } }))).toBeUndefined();
    expect(takeEarlyGet(request({ method: 'POST' }))).toBeUndefined();
    expect(takeEarlyGet(request())).toBeDefined();
  });

  it('reports an HTTP failure of the early answer as the transport would its own', async () => {
    stubFetch({}, 503);
    startEarlyGet('/api/home', headers);
    await expect(browserTransport(request())).rejects.toEqual(new TransportError('http', 503));
  });

  it('gives up on the caller’s abort even though the early answer is still on its way', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    startEarlyGet('/api/home', headers);
    const controller = new AbortController();
    const pending = browserTransport(request({ signal: controller.signal }));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ failure: 'canceled' });
  });
});
