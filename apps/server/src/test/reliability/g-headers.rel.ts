/**
 * Part G: the security headers of every kind of answer, read off a real socket (the app listening
 * on the loopback, PostgreSQL + Redis): pages, client routes, static files, API successes and
 * failures (those Fastify answers itself before any route included), uploads public and private.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { successEnvelope, uploadResultSchema } from '@crossmart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerBuyer } from '../fixtures.ts';
import type { TestContext } from '../test-app.ts';
import { pngOf, uploadPicture } from '../upload-fixtures.ts';
import { recordFigures } from './figures.ts';
import { expectLedgerClean, reliabilityApp, violations } from './lib-efg-app.ts';

/** Part G's port, in the range this battery's helpers own (3300–3399). */
const port = 3310;
let ctx: TestContext & { dataDir: string };
let token: string;
let publicUpload: string;
let privateUpload: string;
beforeAll(async () => {
  // A stand-in for the web build: the server's handling of pages and assets is under test, not Vite.
  const webDir = await mkdtemp(path.join(os.tmpdir(), 'crossmart-rel-efg-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><title>Crossmart</title><script type="module" src="/assets/index-3f9a2c.js"></script></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(webDir, 'assets', 'index-3f9a2c.js'), 'console.log("app");\n');
  await writeFile(path.join(webDir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  ctx = await reliabilityApp({ env: { WEB_DIST_DIR: webDir }, ownDirs: [webDir] });
  token = (await registerBuyer(ctx.app)).token;
  const stored = async (purpose: string) =>
    successEnvelope(uploadResultSchema).parse(await uploadPicture(ctx.app, token, await pngOf('#36c'), purpose)).data
      .url;
  publicUpload = await stored('review');
  privateUpload = await stored('evidence');
  await ctx.app.listen({ host: '127.0.0.1', port });
});
afterAll(async () => {
  await expectLedgerClean(ctx);
  await ctx.close();
});

interface Probe {
  what: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The status expected, or `undefined` to record whatever comes. */
  status: number;
  /** An API answer: a JSON envelope with this error key (`ok` for a success). */
  envelope?: string;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One raw request: the path is sent as written (no client-side normalisation). */
function send(probe: Probe): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method: probe.method, path: probe.path, headers: { lang: 'en', ...probe.headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    request.on('error', reject);
    request.end(probe.body);
  });
}

/** The directives of a content security policy, by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name?.toLowerCase() ?? '', values]),
  );
}

const safeReferrerPolicies = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'];

/** The header rules every answer must keep; each broken one is named. */
function headerViolations(headers: http.IncomingHttpHeaders): string[] {
  const broken: string[] = [];
  const policy = headers['content-security-policy'];
  if (typeof policy !== 'string') {
    broken.push('no content-security-policy');
  } else {
    const csp = directives(policy);
    // Scripts are governed by script-src (and its -elem/-attr variants), else by default-src.
    const scriptSources = ['script-src', 'script-src-elem', 'script-src-attr'].filter((name) => csp.has(name));
    if (!csp.has('script-src') && !csp.has('default-src')) broken.push('no script-src nor default-src');
    for (const name of [...scriptSources, ...(csp.has('script-src') ? [] : ['default-src'])]) {
      if (csp.get(name)?.includes("'unsafe-inline'")) broken.push(`${name} allows 'unsafe-inline'`);
    }
    const ancestors = csp.get('frame-ancestors');
    if (!ancestors?.every((source) => source === "'self'" || source === "'none'")) {
      broken.push(`frame-ancestors ${ancestors?.join(' ') ?? 'missing'}`);
    }
  }
  const hsts = String(headers['strict-transport-security'] ?? '');
  const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0);
  if (maxAge < 15_552_000 || !/includesubdomains/i.test(hsts)) broken.push(`strict-transport-security "${hsts}"`);
  if (headers['x-content-type-options'] !== 'nosniff') broken.push('no x-content-type-options: nosniff');
  if (!['DENY', 'SAMEORIGIN'].includes(String(headers['x-frame-options']).toUpperCase())) {
    broken.push(`x-frame-options ${headers['x-frame-options']}`);
  }
  const referrer = String(headers['referrer-policy'] ?? '');
  if (!referrer.split(',').every((value) => safeReferrerPolicies.includes(value.trim()))) {
    broken.push(`referrer-policy "${referrer}"`);
  }
  if (headers.server !== undefined) broken.push(`server banner "${headers.server}"`);
  if (headers['x-powered-by'] !== undefined) broken.push(`x-powered-by "${headers['x-powered-by']}"`);
  return broken;
}

/** An API answer must be the JSON envelope with the expected error key, never internals. */
function envelopeViolations(answer: Answer, expected: string): string[] {
  const type = String(answer.headers['content-type']);
  if (!type.startsWith('application/json')) return [`content-type ${type}, not the JSON envelope`];
  let body: { code?: unknown; msg?: unknown; error?: unknown };
  try {
    body = JSON.parse(answer.body.toString('utf8'));
  } catch {
    return ['a body that is not JSON'];
  }
  const key = body.code === 1 ? 'ok' : body.error;
  const broken = key === expected ? [] : [`envelope error ${String(key)}, expected ${expected}`];
  if (typeof body.msg !== 'string' || body.msg === '') broken.push('envelope without a message');
  if (/stack|FST_|at \/|node_modules/.test(answer.body.toString('utf8'))) broken.push('internals in the body');
  return broken;
}

describe('G. headers', () => {
  it('every kind of answer carries the security headers and no server banner', async () => {
    const check = violations();
    const json = { 'content-type': 'application/json' };
    const privateName = privateUpload.split('/').pop() ?? '';
    const probes: Probe[] = [
      { what: 'page /', method: 'GET', path: '/', status: 200 },
      { what: 'client route /home', method: 'GET', path: '/home', status: 200 },
      { what: 'client route /seller', method: 'GET', path: '/seller', status: 200 },
      { what: 'client route /admin', method: 'GET', path: '/admin', status: 200 },
      { what: 'page HEAD /', method: 'HEAD', path: '/', status: 200 },
      { what: 'static asset', method: 'GET', path: '/assets/index-3f9a2c.js', status: 200 },
      { what: '/robots.txt', method: 'GET', path: '/robots.txt', status: 200 },
      { what: 'API success', method: 'GET', path: '/api/health', status: 200, envelope: 'ok' },
      {
        what: 'API error (no token)',
        method: 'GET',
        path: '/api/user/getUserInfo',
        status: 200,
        envelope: 'UNAUTHORIZED',
      },
      {
        what: 'API validation error',
        method: 'POST',
        path: '/api/user/login',
        headers: json,
        body: '{"account":"","password":""}',
        status: 200,
        envelope: 'VALIDATION_FAILED',
      },
      { what: 'API 404', method: 'GET', path: '/api/no-such-route', status: 404, envelope: 'ROUTE_NOT_FOUND' },
      // Fastify's router has no 405: a method a path does not take is answered as an unknown route.
      {
        what: 'API wrong method (405 case)',
        method: 'DELETE',
        path: '/api/user/login',
        status: 404,
        envelope: 'ROUTE_NOT_FOUND',
      },
      {
        what: 'API 413',
        method: 'POST',
        path: '/api/user/login',
        headers: json,
        body: JSON.stringify({ account: 'a', password: 'x'.repeat(ctx.config.BODY_LIMIT_BYTES + 1) }),
        status: 413,
        envelope: 'PAYLOAD_TOO_LARGE',
      },
      {
        what: 'API 414 (parameter past the router limit)',
        method: 'GET',
        path: `/api/upload/file/evidence/${'a'.repeat(300)}.png`,
        headers: { token },
        status: 414,
        envelope: 'BAD_REQUEST',
      },
      {
        what: 'API 400 undecodable URL',
        method: 'GET',
        path: '/api/upload/file/evidence/%zz',
        headers: { token },
        status: 400,
        envelope: 'BAD_REQUEST',
      },
      {
        what: 'API 400 bad JSON',
        method: 'POST',
        path: '/api/user/login',
        headers: json,
        body: '{"account": "a", "password": ',
        status: 400,
        envelope: 'BAD_REQUEST',
      },
      {
        what: 'API 415',
        method: 'POST',
        path: '/api/user/login',
        headers: { 'content-type': 'text/xml' },
        body: '<a/>',
        status: 415,
        envelope: 'UNSUPPORTED_MEDIA_TYPE',
      },
      { what: 'public upload', method: 'GET', path: publicUpload, status: 200 },
      { what: 'generated picture (SVG)', method: 'GET', path: '/uploads/catalog/categories/food.svg', status: 200 },
      {
        what: 'missing upload',
        method: 'GET',
        path: '/uploads/review/0123456789abcdef0123456789abcdef.png',
        status: 404,
      },
      { what: 'private upload, owner', method: 'GET', path: privateUpload, headers: { token }, status: 200 },
      { what: 'private upload, visitor', method: 'GET', path: privateUpload, status: 200, envelope: 'UNAUTHORIZED' },
      { what: 'private upload, statically', method: 'GET', path: `/uploads/evidence/${privateName}`, status: 404 },
    ];
    const table: string[] = [];
    for (const probe of probes) {
      const answer = await send(probe);
      const broken = headerViolations(answer.headers);
      if (answer.status !== probe.status) broken.push(`status ${answer.status}, expected ${probe.status}`);
      if (probe.envelope && probe.method !== 'HEAD') broken.push(...envelopeViolations(answer, probe.envelope));
      for (const problem of broken)
        check.holds(`${probe.what} (${probe.method} ${probe.path.slice(0, 60)}): ${problem}`, false);
      table.push(
        `  ${String(answer.status).padEnd(4)} ${probe.what}${broken.length ? `  ✗ ${broken.join('; ')}` : ''}`,
      );
    }
    console.log(`G headers, ${probes.length} answers:\n${table.join('\n')}`);
    recordFigures({
      part: 'G',
      scenario: 'security headers on every kind of answer',
      operations: probes.length,
      faults: 0,
      inputs: probes.length,
      failures: check.found.length,
    });
    expect(check.found).toEqual([]);
  });
});
