import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { successEnvelope } from '@crossmart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { compressionThresholdBytes } from './compression.ts';
import { ok } from './envelope.ts';

let ctx: TestContext;

const itemSchema = z.object({ id: z.number().int(), title: z.string() });
const listSchema = successEnvelope(z.array(itemSchema));
const items = (count: number) =>
  Array.from({ length: count }, (_, id) => ({ id, title: `Product ${id}`, secret: 'x' }));

beforeAll(async () => {
  ctx = await createTestApp({
    routes: (app) => {
      // Through the zod response serializer, which drops `secret`: compression must see its output.
      app.get('/api/test/large', { schema: { response: { 200: listSchema } } }, async (request) =>
        ok(request, items(200)),
      );
      app.get('/api/test/small', { schema: { response: { 200: listSchema } } }, async (request) =>
        ok(request, items(2)),
      );
      app.get('/api/test/failure', async () => {
        throw new AppError('FORBIDDEN');
      });
      app.get('/api/test/events', (_request, reply) => {
        const events = Array.from({ length: 100 }, (_, i) => `data: ${JSON.stringify({ i, text: 'update' })}\n\n`);
        return reply.type('text/event-stream').send(Readable.from(events));
      });
    },
  });
});
afterAll(async () => {
  await ctx.close();
});

const expectedLarge = () => ({
  code: 1,
  msg: expect.any(String),
  data: items(200).map(({ id, title }) => ({ id, title })),
});

describe('answer compression', () => {
  it('compresses a large JSON answer with brotli when the client accepts it', async () => {
    const res = await ctx.app.inject({ url: '/api/test/large', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['x-request-id']).toBeTruthy();
    const body = brotliDecompressSync(res.rawPayload);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(body.length / 3);
    expect(JSON.parse(body.toString())).toEqual(expectedLarge());
  });

  it('falls back to gzip when brotli is not accepted', async () => {
    const res = await ctx.app.inject({ url: '/api/test/large', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toEqual(expectedLarge());
  });

  it('sends the same answer raw to a client that accepts no encoding', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const res = await ctx.app.inject({ url: '/api/test/large', headers });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json()).toEqual(expectedLarge());
    }
  });

  it('leaves answers below the threshold uncompressed', async () => {
    const res = await ctx.app.inject({ url: '/api/test/small', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.rawPayload.length).toBeLessThan(compressionThresholdBytes);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ code: 1, data: [{ id: 0, title: 'Product 0' }, { id: 1 }] });
  });

  it('keeps failure envelopes intact', async () => {
    const res = await ctx.app.inject({ url: '/api/test/failure', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ code: 0, error: 'FORBIDDEN', data: null });
  });

  it('never compresses an event stream, whose events must leave as they are written', async () => {
    const res = await ctx.app.inject({ url: '/api/test/events', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-type']).toContain('text/event-stream');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.length).toBeGreaterThan(compressionThresholdBytes);
    expect(res.body.startsWith('data: {"i":0,')).toBe(true);
  });
});
