import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.ts';

let ctx: TestContext;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'crossmart-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>shop</title>');
  await writeFile(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
  ctx = await createTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await ctx.close();
  await rm(dist, { recursive: true, force: true });
});

describe('web app serving', () => {
  it.each(['/', '/home', '/seller', '/seller/orders', '/admin/recharges/12', '/detail/5/2?backs=1'])(
    'answers the client route %s with index.html',
    async (url) => {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>shop</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves hashed assets as immutable', async () => {
    const res = await ctx.app.inject({ url: '/assets/main-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('never answers an API path with the page', async () => {
    const res = await ctx.app.inject({ url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 0, error: 'ROUTE_NOT_FOUND' });
  });

  it('does not answer a POST to a page path with the page', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/home', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 0, error: 'ROUTE_NOT_FOUND' });
  });

  it('sends security headers', async () => {
    const res = await ctx.app.inject({ url: '/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
