import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.ts';

let ctx: TestContext;
let dist: string;
const script = `export const greetings = [${Array.from({ length: 200 }, (_, i) => `'hello ${i}'`).join(', ')}];\n`;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'crossmart-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>shop</title>');
  await writeFile(path.join(dist, 'assets', 'main-abc123.js'), script);
  // What the build's precompression step writes beside each asset (apps/web/vite.config.ts).
  await writeFile(path.join(dist, 'assets', 'main-abc123.js.br'), brotliCompressSync(script));
  await writeFile(path.join(dist, 'assets', 'main-abc123.js.gz'), gzipSync(script));
  await copyFile(path.join(import.meta.dirname, '../../../web/public/robots.txt'), path.join(dist, 'robots.txt'));
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

  it('serves hashed assets as immutable for a year', async () => {
    const res = await ctx.app.inject({ url: '/assets/main-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed brotli file to a client that accepts brotli', async () => {
    const res = await ctx.app.inject({
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip file when only gzip is accepted', async () => {
    const res = await ctx.app.inject({ url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the raw file, still marked as varying, when no encoding is accepted', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const res = await ctx.app.inject({ url: '/assets/main-abc123.js', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.body).toBe(script);
    }
  });

  it('does not expose the compressed copies as files of their own', async () => {
    // Unknown paths fall back to the page, like any other client route.
    const res = await ctx.app.inject({ url: '/assets/main-abc123.js.br' });
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<title>shop</title>');
  });

  it('answers /robots.txt with the robots rules as plain text', async () => {
    const res = await ctx.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.headers['cache-control']).toBe('no-cache');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    for (const rule of ['Allow: /', 'Disallow: /api/', 'Disallow: /admin', 'Disallow: /seller']) {
      expect(lines).toContain(rule);
    }
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

  it.each(['/', '/assets/main-abc123.js', '/api/nothing/here'])('sends security headers on %s', async (url) => {
    const res = await ctx.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });
});
