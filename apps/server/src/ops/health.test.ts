import { EventEmitter } from 'node:events';
import { healthReadySchema, successEnvelope } from '@crossmart/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { installGracefulShutdown } from '../server.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { Lifecycle } from './lifecycle.ts';
import { startManagementServer } from './management-server.ts';
import { createMetrics } from './metrics.ts';
import { checkReadiness } from './readiness.ts';

/** Issue 20 item 2: liveness and readiness for load balancers and orchestrators. */
let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close().catch(() => {});
  ctx = undefined;
});

const readyData = (body: unknown) => successEnvelope(healthReadySchema).parse(body).data;

describe('GET /api/health/live and /api/health/ready', () => {
  it('answers live and ready once the database is prepared', async () => {
    ctx = await createTestApp();
    const live = await ctx.app.inject({ url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json().data).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(readyData(ready.json())).toEqual({ ready: true, state: 'ready' });
  });

  it('is not ready while migrating, and never again once draining', async () => {
    const lifecycle = new Lifecycle('migrating');
    ctx = await createTestApp({ lifecycle });
    const migrating = await ctx.app.inject({ url: '/api/health/ready' });
    expect(migrating.statusCode).toBe(503);
    expect(readyData(migrating.json())).toEqual({ ready: false, state: 'migrating' });
    // Liveness does not depend on the phase: a migrating process must not be restarted.
    expect((await ctx.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);

    lifecycle.set('ready');
    expect((await ctx.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
    lifecycle.set('draining');
    lifecycle.set('ready');
    const draining = await ctx.app.inject({ url: '/api/health/ready' });
    expect(draining.statusCode).toBe(503);
    expect(readyData(draining.json()).state).toBe('draining');
  });

  it('is not ready when PostgreSQL does not answer, while /api/health keeps its public shape', async () => {
    ctx = await createTestApp();
    await ctx.database.close();
    const ready = await ctx.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(readyData(ready.json())).toEqual({ ready: false, state: 'database_unreachable' });
    const health = await ctx.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json().data).toEqual({ status: 'degraded' });
  });

  it('treats a database that hangs like one that refuses', async () => {
    const hanging = { ping: () => new Promise<void>(() => {}) } as unknown as DatabaseHandle;
    const started = Date.now();
    expect(await checkReadiness(new Lifecycle('ready'), hanging)).toEqual({
      ready: false,
      state: 'database_unreachable',
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('turns not ready at SIGTERM and keeps serving for the drain time before closing', async () => {
    const lifecycle = new Lifecycle('ready');
    const started = await createTestApp({ lifecycle });
    ctx = started;
    const address = await started.app.listen({ host: '127.0.0.1', port: 0 });
    const signals = new EventEmitter();
    const exited = new Promise<number>((resolve) => {
      installGracefulShutdown({ app: started.app, signals, timeoutMs: 5000, exit: resolve, lifecycle, drainMs: 400 });
    });
    signals.emit('SIGTERM');
    // Still listening during the drain, but telling the load balancer to go elsewhere.
    const during = await fetch(`${address}/api/health/ready`);
    expect(during.status).toBe(503);
    expect(readyData(await during.json()).state).toBe('draining');
    expect((await fetch(`${address}/api/config`)).status).toBe(200);
    expect(await exited).toBe(0);
    await expect(fetch(`${address}/api/config`)).rejects.toThrow();
  });
});

describe('management listener (MANAGEMENT_PORT)', () => {
  it('reports migrating before the app exists, and serves /metrics without a token', async () => {
    ctx = await createTestApp();
    const lifecycle = new Lifecycle('migrating');
    const metrics = createMetrics();
    const management = await startManagementServer({
      host: '127.0.0.1',
      port: 0,
      lifecycle,
      database: ctx.database,
      metrics,
    });
    try {
      const base = `http://127.0.0.1:${management.port}`;
      const migrating = await fetch(`${base}/api/health/ready`);
      expect(migrating.status).toBe(503);
      expect(readyData(await migrating.json())).toEqual({ ready: false, state: 'migrating' });
      expect((await fetch(`${base}/api/health/live`)).status).toBe(200);
      lifecycle.set('ready');
      expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
      const scrape = await fetch(`${base}/metrics`);
      expect(scrape.status).toBe(200);
      expect(await scrape.text()).toContain('nodejs_eventloop_lag_seconds');
      expect((await fetch(`${base}/anything-else`)).status).toBe(404);
    } finally {
      await management.close();
    }
  });
});
