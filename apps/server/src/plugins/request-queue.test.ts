import { failureEnvelopeSchema } from '@crossmart/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { ok } from './envelope.ts';
import { createRequestQueue } from './request-queue.ts';

describe('the request queue', () => {
  it('admits up to its concurrency, then the waiters in arrival order as slots free', async () => {
    const queue = createRequestQueue({ concurrency: 2, maxWaitMs: 60_000, maxWaiting: 10 });
    const first = await queue.enter();
    const second = await queue.enter();
    const admitted: string[] = [];
    const third = queue.enter().then((release) => {
      admitted.push('third');
      return release;
    });
    const fourth = queue.enter().then((release) => {
      admitted.push('fourth');
      return release;
    });
    expect(queue.stats()).toEqual({ running: 2, waiting: 2 });
    second?.();
    second?.(); // twice: still one slot
    (await third)?.();
    first?.();
    (await fourth)?.();
    expect(admitted).toEqual(['third', 'fourth']);
    expect(queue.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('turns a request away when the queue is full or its wait runs out', async () => {
    vi.useFakeTimers();
    try {
      const queue = createRequestQueue({ concurrency: 1, maxWaitMs: 5000, maxWaiting: 1 });
      const running = await queue.enter();
      const waiting = queue.enter();
      await expect(queue.enter()).resolves.toBeUndefined();
      vi.advanceTimersByTime(5000);
      await expect(waiting).resolves.toBeUndefined();
      expect(queue.stats()).toEqual({ running: 1, waiting: 0 });
      running?.();
      expect(queue.stats()).toEqual({ running: 0, waiting: 0 });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the embedded engine under more requests than it runs at once', () => {
  let ctx: TestContext;
  let started = 0;
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  beforeAll(async () => {
    ctx = await createTestApp({
      env: { EMBEDDED_CONCURRENT_REQUESTS: '1', EMBEDDED_QUEUE_MAX_WAITING: '1' },
      routes: (app) => {
        // An event stream (like the support chat's) stays open and must not hold a turn.
        app.get('/api/test/stream', { schema: { produces: ['text/event-stream'] } }, async (_request, reply) => {
          reply.hijack();
          reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
          await gate;
          reply.raw.end();
        });
        app.get('/api/test/held', async (request) => {
          started += 1;
          await gate;
          return ok(request, null);
        });
      },
    });
  });
  afterAll(() => ctx.close());

  it('runs one, queues one, answers 503 in the envelope past that; health and event streams never wait', async () => {
    const stream = ctx.app.inject({ method: 'GET', url: '/api/test/stream' });
    const held = () => ctx.app.inject({ method: 'GET', url: '/api/test/held', headers: { lang: 'en' } });
    const first = held();
    const second = held();
    await vi.waitUntil(() => started >= 1);
    if (ctx.database.engine === 'pglite') {
      const third = await held();
      expect(third.statusCode).toBe(503);
      expect(failureEnvelopeSchema.parse(third.json())).toMatchObject({ code: 0, error: 'SERVICE_UNAVAILABLE' });
      expect(started).toBe(1);
    } else {
      // PostgreSQL has a pool of connections and no queue: both run at once.
      await vi.waitUntil(() => started >= 2);
    }
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    open();
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);
    expect(started).toBe(2);
    expect((await stream).statusCode).toBe(200);
  });
});
