import { connect } from 'node:net';
import { failureEnvelopeSchema, publicConfigSchema, successEnvelope } from '@crossmart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { ok } from './envelope.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({
    env: { BODY_LIMIT_BYTES: '2048' },
    routes: (app) => {
      app.post(
        '/api/test/echo',
        {
          schema: {
            body: z.object({ name: z.string().min(3), age: z.number().int().max(150), kind: z.enum(['a', 'b']) }),
          },
        },
        async (request) => ok(request, request.body),
      );
      app.get('/api/test/business', async () => {
        throw new AppError('FORBIDDEN');
      });
      app.get('/api/test/limited', { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, async (request) =>
        ok(request, null),
      );
      app.get('/api/test/unauthorized', async () => {
        throw new AppError('UNAUTHORIZED');
      });
      app.get('/api/test/database-down', async () => {
        // What drizzle throws when PostgreSQL restarts: the driver's error as the cause.
        throw new Error('Failed query: select 1 from users where account = $1', {
          cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
        });
      });
      app.get('/api/test/database-refused', async () => {
        throw new AggregateError(
          [Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
          'connect failed',
        );
      });
      app.get('/api/test/crash', async () => {
        throw new Error('connection string postgres://secret@db leaked');
      });
    },
  });
});
afterAll(() => ctx.close());

const parseFailure = (body: string) => failureEnvelopeSchema.parse(JSON.parse(body));

describe('envelope', () => {
  it('wraps success as {code: 1, msg, data}', async () => {
    const res = await ctx.app.inject({ url: '/api/config', headers: { lang: 'en' } });
    expect(res.statusCode).toBe(200);
    const body = successEnvelope(publicConfigSchema).parse(res.json());
    expect(body.msg).toBe('Success');
    expect(body.data.currency).toBe('JPY');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers a business failure with HTTP 200, code 0 and a stable error key', async () => {
    const res = await ctx.app.inject({ url: '/api/test/business', headers: { lang: 'en' } });
    expect(res.statusCode).toBe(200);
    const body = parseFailure(res.body);
    expect(body).toMatchObject({ code: 0, error: 'FORBIDDEN', data: null });
    expect(body.msg).toBe('You do not have permission to do this.');
  });

  it('answers a missing login with HTTP 200 and code 401', async () => {
    const res = await ctx.app.inject({ url: '/api/test/unauthorized', headers: { lang: 'en' } });
    expect(res.statusCode).toBe(200);
    expect(parseFailure(res.body)).toMatchObject({ code: 401, error: 'UNAUTHORIZED', msg: 'Please login first.' });
  });

  it('localizes msg from the lang header, then language, then Accept-Language, defaulting to Japanese', async () => {
    const msgFor = async (headers: Record<string, string>) =>
      parseFailure((await ctx.app.inject({ url: '/api/test/business', headers })).body).msg;
    expect(await msgFor({ lang: 'en' })).toBe('You do not have permission to do this.');
    expect(await msgFor({ lang: 'jp' })).toBe('この操作を行う権限がありません。');
    expect(await msgFor({ language: 'ja-JP' })).toBe('この操作を行う権限がありません。');
    expect(await msgFor({ 'accept-language': 'fr-CA, en;q=0.8' })).toBe(
      'Vous n’avez pas l’autorisation de faire cela.',
    );
    // A language outside the 34 falls through to the next one the caller accepts.
    expect(await msgFor({ 'accept-language': 'sw-KE, en;q=0.8' })).toBe('You do not have permission to do this.');
    expect(await msgFor({})).toBe('この操作を行う権限がありません。');
  });

  it('lists validation failures per field with localized messages', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { lang: 'en' },
      payload: { name: 'ab', age: 1.5, kind: 'z' },
    });
    expect(res.statusCode).toBe(200);
    const body = parseFailure(res.body);
    expect(body.error).toBe('VALIDATION_FAILED');
    expect(body.fields).toEqual({
      name: 'Must be at least 3 characters.',
      age: 'Must be a whole number.',
      kind: 'Please choose one of the offered options.',
    });
    const missing = parseFailure(
      (await ctx.app.inject({ method: 'POST', url: '/api/test/echo', headers: { lang: 'jp' }, payload: {} })).body,
    );
    expect(missing.fields?.name).toBe('必須項目です。');
  });

  it('answers an unknown API route with 404 and the envelope', async () => {
    const res = await ctx.app.inject({ url: '/api/does/not/exist', headers: { lang: 'en' } });
    expect(res.statusCode).toBe(404);
    expect(parseFailure(res.body)).toMatchObject({ code: 0, error: 'ROUTE_NOT_FOUND' });
  });

  it('answers bad JSON with 400 and the envelope', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(parseFailure(res.body).error).toBe('BAD_REQUEST');
  });

  it('answers an oversized body with 413 and the envelope', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'x'.repeat(5000), age: 1, kind: 'a' },
    });
    expect(res.statusCode).toBe(413);
    expect(parseFailure(res.body).error).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers an unsupported content type with 415 and the envelope', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(parseFailure(res.body).error).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers a database outage with 503 and the envelope, no internals, and a retry hint', async () => {
    for (const url of ['/api/test/database-down', '/api/test/database-refused']) {
      const res = await ctx.app.inject({ url, headers: { lang: 'en' } });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(parseFailure(res.body)).toMatchObject({ code: 0, error: 'SERVICE_UNAVAILABLE' });
      expect(res.body).not.toMatch(/administrator|ECONNREFUSED|5432|users|select/i);
    }
  });

  it('answers what Fastify refuses before any hook (bad URL, over-long path parameter) with the envelope and the security headers', async () => {
    const requests = [
      { url: '/api/upload/file/service/%zz', status: 400 },
      { url: `/api/upload/file/service/${'a'.repeat(500)}.webp`, status: 414 },
      { url: '/api/test/echo', status: 400, payload: '{"name": ', type: 'application/json' },
      { url: '/api/test/echo', status: 415, payload: '<a/>', type: 'application/xml' },
    ];
    for (const { url, status, payload, type } of requests) {
      const res = await ctx.app.inject({
        method: payload ? 'POST' : 'GET',
        url,
        headers: { lang: 'en', ...(type ? { 'content-type': type } : {}) },
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, url).toBe(status);
      expect(parseFailure(res.body)).toMatchObject({ code: 0, msg: expect.not.stringContaining('FST_') });
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['strict-transport-security'], url).toBeTruthy();
    }
  });

  it('answers a request Node refuses before Fastify (URL beyond the header limit) with the envelope and the security headers', async () => {
    const address = await ctx.app.listen({ host: '127.0.0.1', port: 3210 });
    try {
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(new URL(address).port), '127.0.0.1');
        let answer = '';
        socket.on('data', (chunk) => {
          answer += chunk.toString();
        });
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
        socket.write(`GET /api/config?q=${'x'.repeat(40_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      });
      const [head = '', body = ''] = raw.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 431 /);
      expect(head).toContain("content-security-policy: default-src 'self'");
      expect(head).toContain('x-content-type-options: nosniff');
      expect(parseFailure(body)).toMatchObject({ code: 0, error: 'BAD_REQUEST' });
    } finally {
      await ctx.app.server.close();
    }
  });

  it('answers a crash with 500 and no internals', async () => {
    const res = await ctx.app.inject({ url: '/api/test/crash', headers: { lang: 'en' } });
    expect(res.statusCode).toBe(500);
    const body = parseFailure(res.body);
    expect(body.error).toBe('INTERNAL');
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('postgres');
    expect(body.request_id).toBe(res.headers['x-request-id']);
  });

  it('keeps a well-formed caller request id and replaces a malformed one', async () => {
    const kept = await ctx.app.inject({ url: '/api/config', headers: { 'x-request-id': 'req-12345678' } });
    expect(kept.headers['x-request-id']).toBe('req-12345678');
    const replaced = await ctx.app.inject({ url: '/api/config', headers: { 'x-request-id': 'bad id\n' } });
    expect(replaced.headers['x-request-id']).not.toBe('bad id\n');
  });

  it('rate-limits an opted-in route with a localized message (Redis-backed under test:pg)', async () => {
    const call = () => ctx.app.inject({ url: '/api/test/limited', headers: { lang: 'en' } });
    expect((await call()).json().code).toBe(1);
    expect((await call()).json().code).toBe(1);
    const limited = await call();
    const body = parseFailure(limited.body);
    expect(body.error).toBe('RATE_LIMITED');
    expect(body.msg).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
  });
});
