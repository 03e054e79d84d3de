import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { installGracefulShutdown } from './server.ts';
import { createTestApp, type TestContext } from './test/test-app.ts';

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close().catch(() => {});
  ctx = undefined;
});

describe('graceful shutdown', () => {
  it('on SIGTERM stops accepting, finishes the in-flight request, closes the database, exits 0', async () => {
    let release: () => void = () => {};
    let started: () => void = () => {};
    const requestStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    ctx = await createTestApp({
      routes: (app, { database }) => {
        // As startServer does: closing the app closes the database.
        app.addHook('onClose', async () => database.close());
        app.get('/api/test/slow', async () => {
          started();
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          return { code: 1, msg: 'ok', data: 'finished' };
        });
      },
    });
    const { app, database } = ctx;
    const address = await app.listen({ host: '127.0.0.1', port: 0 });

    const signals = new EventEmitter();
    const exited = new Promise<number>((resolve) => {
      installGracefulShutdown({ app, signals, timeoutMs: 5000, exit: resolve });
    });

    const inFlight = fetch(`${address}/api/test/slow`);
    await requestStarted;
    signals.emit('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 100));

    await expect(fetch(`${address}/api/config`)).rejects.toThrow();
    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ code: 1, data: 'finished' });
    expect(await exited).toBe(0);
    await expect(database.ping()).rejects.toThrow();
  });

  it('exits 1 when shutdown outlives its timeout', async () => {
    ctx = await createTestApp({
      routes: (app) => {
        app.get('/api/test/stuck', () => new Promise(() => {}));
      },
    });
    const address = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const signals = new EventEmitter();
    const exited = new Promise<number>((resolve) => {
      installGracefulShutdown({ app: ctx?.app as TestContext['app'], signals, timeoutMs: 300, exit: resolve });
    });
    const stuck = fetch(`${address}/api/test/stuck`).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
    signals.emit('SIGINT');
    expect(await exited).toBe(1);
    ctx.app.server.closeAllConnections();
    await stuck;
  });
});
