// @vitest-environment node
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LanguageFile } from '@crossmart/contract/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ApiClientDeps, ApiError, createApiClient, newActionKey } from './client.ts';

/** What the local server saw, and how it answers the next request. */
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
let seen: Seen[] = [];
let answer: (request: Seen) => { status?: number; body?: unknown; delayMs?: number; destroy?: boolean } = () => ({
  body: { code: 1, msg: 'ok', data: { fine: true } },
});

let server: Server;
let baseURL = '';
beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const record = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body };
      seen.push(record);
      const reply = answer(record);
      if (reply.destroy) {
        request.socket.destroy();
        return;
      }
      setTimeout(() => {
        response.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(reply.body ?? {}));
      }, reply.delayMs ?? 0);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
});

interface Harness {
  notices: string[];
  unauthorized: number;
  token: string;
  language: LanguageFile;
  clock: number;
}
let harness: Harness;
beforeEach(() => {
  seen = [];
  answer = () => ({ body: { code: 1, msg: 'ok', data: { fine: true } } });
  harness = { notices: [], unauthorized: 0, token: '', language: 'jp', clock: 1_000_000 };
});

const messages: Record<string, string> = {
  'api.network': 'backend connection abnormal',
  'api.timeout': 'system interface timed out',
  'api.status': 'system interface {{code}} abnormal',
  'api.duplicate': 'data is being processed, do not submit repeatedly',
  'api.unknown': 'unknown failure',
};

function client(overrides: Partial<ApiClientDeps> = {}) {
  return createApiClient({
    baseURL,
    getToken: () => harness.token,
    getLanguage: () => harness.language,
    notify: (message) => harness.notices.push(message),
    onUnauthorized: () => {
      harness.unauthorized += 1;
      harness.token = '';
    },
    translate: (key, params) => (messages[key] ?? key).replace('{{code}}', params?.code ?? ''),
    now: () => harness.clock,
    ...overrides,
  });
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('API client (docs/spec.md §7–8)', () => {
  it('uses the configured base URL and resolves the data of a code-1 answer', async () => {
    await expect(client().get('/api/thing')).resolves.toEqual({ fine: true });
    expect(seen[0]?.url).toBe('/api/thing');
  });

  it('times out after 10000 ms by default', () => {
    expect(client().timeoutMs).toBe(10_000);
  });

  it('sends lang and language headers with the current language file name', async () => {
    harness.language = 'zh-hk';
    await client().get('/api/thing');
    expect(seen[0]?.headers.lang).toBe('zh-hk');
    expect(seen[0]?.headers.language).toBe('zh-hk');
  });

  it('sends the token when logged in, none when logged out, and none when isToken is false', async () => {
    const api = client();
    await api.get('/api/a');
    expect(seen[0]?.headers.token).toBeUndefined();
    harness.token = 'secret-token';
    await api.get('/api/b');
    expect(seen[1]?.headers.token).toBe('secret-token');
    await api.get('/api/c', undefined, { isToken: false });
    expect(seen[2]?.headers.token).toBeUndefined();
  });

  it('puts GET params into the query string, one level nested as key[sub], skipping empty values', async () => {
    await client().get('/api/list', {
      status: 0,
      page: 2,
      keyword: '',
      missing: undefined,
      nothing: null,
      filter: { shop: 5, name: 'a b', empty: '', gone: null },
    });
    expect(decodeURIComponent(seen[0]?.url ?? '')).toBe('/api/list?status=0&page=2&filter[shop]=5&filter[name]=a b');
    expect(seen[0]?.url).toContain('filter%5Bshop%5D=5');
  });

  it('rejects any other code with a toast of msg', async () => {
    answer = () => ({ body: { code: 0, msg: 'Insufficient balance', error: 'INSUFFICIENT_BALANCE', data: null } });
    const error = await rejection(client().post('/api/pay', { id: 1 }));
    expect(error.kind).toBe('business');
    expect(error.message).toBe('Insufficient balance');
    expect(error.errorKey).toBe('INSUFFICIENT_BALANCE');
    expect(harness.notices).toEqual(['Insufficient balance']);
  });

  it('on 401 shows msg, invalidates the token and goes to /login when logged in', async () => {
    answer = () => ({ body: { code: 401, msg: 'Please login first.', error: 'UNAUTHORIZED', data: null } });
    harness.token = 'expired';
    const error = await rejection(client().get('/api/user/getUserInfo'));
    expect(error.kind).toBe('unauthorized');
    expect(harness.notices).toEqual(['Please login first.']);
    expect(harness.unauthorized).toBe(1);
  });

  it('on 401 as a visitor only shows msg', async () => {
    answer = () => ({ body: { code: 401, msg: 'Please login first.', error: 'UNAUTHORIZED', data: null } });
    await rejection(client().get('/api/user/order_list'));
    expect(harness.notices).toEqual(['Please login first.']);
    expect(harness.unauthorized).toBe(0);
  });

  it('maps a dropped connection to the backend-connection message', async () => {
    answer = () => ({ destroy: true });
    const error = await rejection(client().get('/api/thing'));
    expect(error.kind).toBe('network');
    expect(harness.notices).toEqual(['backend connection abnormal']);
  });

  it('rejects a call the caller aborts as canceled, without a message', async () => {
    answer = () => ({ body: { code: 1, msg: 'ok', data: null }, delayMs: 300 });
    const controller = new AbortController();
    const pending = rejection(client().get('/api/slow', undefined, { signal: controller.signal }));
    controller.abort();
    expect((await pending).kind).toBe('canceled');
    expect(harness.notices).toEqual([]);
  });

  it('sends a POST body as JSON', async () => {
    await client().post('/api/cart/add', { sku_id: 3, num: 2 });
    expect(seen[0]?.headers['content-type']).toBe('application/json;charset=utf-8');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ sku_id: 3, num: 2 });
  });

  it('reads a private file as a Blob with the token header', async () => {
    answer = () => ({ body: { picture: true } });
    harness.token = 'secret-token';
    const blob = await client().blob('/uploads/private/1.png');
    expect(await blob.text()).toBe('{"picture":true}');
    expect(seen[0]?.headers.token).toBe('secret-token');
  });

  it('maps a timeout to the timed-out message', async () => {
    answer = () => ({ body: { code: 1, msg: 'ok', data: null }, delayMs: 300 });
    const error = await rejection(client({ timeoutMs: 50 }).get('/api/slow'));
    expect(error.kind).toBe('timeout');
    expect(harness.notices).toEqual(['system interface timed out']);
  });

  it('maps an HTTP error status to the interface-abnormal message with the code', async () => {
    answer = () => ({ status: 502, body: { code: 0, msg: 'bad gateway' } });
    const error = await rejection(client().get('/api/broken'));
    expect(error.kind).toBe('http');
    expect(harness.notices).toEqual(['system interface 502 abnormal']);
  });

  it('refuses the same POST (URL + body) within 1000 ms on the client, with its message', async () => {
    const api = client();
    await api.post('/api/order/create', { cart_ids: [1, 2] });
    harness.clock += 999;
    const error = await rejection(api.post('/api/order/create', { cart_ids: [1, 2] }));
    expect(error.kind).toBe('duplicate');
    expect(harness.notices).toEqual(['data is being processed, do not submit repeatedly']);
    expect(seen).toHaveLength(1);
  });

  it('lets the same POST through after 1000 ms, and a different body or URL at once', async () => {
    const api = client();
    await api.post('/api/a', { n: 1 });
    await api.post('/api/a', { n: 2 });
    await api.post('/api/b', { n: 2 });
    harness.clock += 1000;
    await api.post('/api/b', { n: 2 });
    expect(seen.map((request) => `${request.url} ${request.body}`)).toEqual([
      '/api/a {"n":1}',
      '/api/a {"n":2}',
      '/api/b {"n":2}',
      '/api/b {"n":2}',
    ]);
  });

  it('guards PUT like POST, never GET', async () => {
    const api = client();
    await api.put('/api/x', { a: 1 });
    await rejection(api.put('/api/x', { a: 1 }));
    await api.get('/api/y');
    await api.get('/api/y');
    expect(seen.map((request) => request.method)).toEqual(['PUT', 'GET', 'GET']);
  });

  it('bypasses the duplicate guard when repeatSubmit is false', async () => {
    const api = client();
    await api.post('/api/user/logout', {}, { repeatSubmit: false });
    await api.post('/api/user/logout', {}, { repeatSubmit: false });
    expect(seen).toHaveLength(2);
  });

  it('sends an Idempotency-Key per user action on money-moving calls', async () => {
    const api = client();
    const action = newActionKey();
    await api.post('/api/user/verify_pay', { order_ids: [1], paypwd: '123456' }, { idempotencyKey: action });
    expect(seen[0]?.headers['idempotency-key']).toBe(action);
    expect(newActionKey()).not.toBe(action);
    await api.post('/api/cart/add', { sku_id: 1 });
    expect(seen[1]?.headers['idempotency-key']).toBeUndefined();
  });

  it('returns the whole envelope from request() for callers that need msg', async () => {
    answer = () => ({ body: { code: 1, msg: 'Saved', data: 7 } });
    await expect(client().request('post', '/api/save', {})).resolves.toMatchObject({ code: 1, msg: 'Saved', data: 7 });
  });
});
