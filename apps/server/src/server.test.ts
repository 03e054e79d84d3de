import { EventEmitter } from 'node:events';
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { translate } from './i18n/translate.ts';
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

type Answer = { status: number | undefined; headers: http.IncomingHttpHeaders; body: string };

/** A GET over `agent`, so that a second call can reuse the first call's kept-alive connection. */
function get(agent: http.Agent, url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

describe('a request while the app closes', () => {
  it('is answered 503 with the envelope in its language, the security headers and a closed connection', async () => {
    let whileClosing: (() => Promise<void>) | undefined;
    ctx = await createTestApp({
      routes: (app) => {
        // Runs after the app's own preClose hook (the one that marks it as shutting down).
        app.addHook('preClose', async () => {
          await whileClosing?.();
        });
      },
    });
    const address = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const before = await get(agent, `${address}/api/config`, { lang: 'en' });
    expect(before.status).toBe(200);

    // Fastify closes idle connections only after preClose: this one is still open, as a request
    // pipelined or arriving on a busy keep-alive connection would be.
    let during: Answer | undefined;
    whileClosing = async () => {
      during = await get(agent, `${address}/api/config`, { lang: 'en', 'x-request-id': 'closing-probe-1' });
    };
    await ctx.app.close();
    agent.destroy();

    expect(during?.status).toBe(503);
    expect(JSON.parse(during?.body ?? '')).toEqual({
      code: 0,
      msg: translate('en', 'errors.SERVICE_UNAVAILABLE'),
      error: 'SERVICE_UNAVAILABLE',
      data: null,
      request_id: 'closing-probe-1',
    });
    expect(during?.headers['content-security-policy']).toContain("default-src 'self'");
    expect(during?.headers['x-request-id']).toBe('closing-probe-1');
    expect(during?.headers.connection).toBe('close');
    expect(during?.headers['retry-after']).toBe('1');
  });
});
