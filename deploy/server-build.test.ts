import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureServerBuilt, serverEntry } from '../scripts/build-server.ts';
import { productionEnv } from '../scripts/lib/production-env.ts';

/**
 * The compiled server (scripts/build-server.ts) is what `npm start` and the image run, while the
 * other tests run the sources. Its modules find their data files from import.meta.url, which the
 * build rewrites: this starts the build itself on an empty PGlite directory and asks for what
 * those files provide (migrations, message catalogues, support texts).
 */
let server: ChildProcess | undefined;
let dataDir = '';
let base = '';
let output = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function get(route: string, lang: string) {
  const response = await fetch(`${base}${route}`, { headers: { lang } });
  return { status: response.status, body: (await response.json()) as { code: number; msg: string; data: unknown } };
}

beforeAll(async () => {
  await ensureServerBuilt();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'crossmart-build-test-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // Only these settings (no DATABASE_URL: the embedded engine, migrated from nothing by the build).
  const env: Record<string, string> = {
    ...productionEnv(`build-test-${randomBytes(4).toString('hex')}`),
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ORDER_SWEEP_INTERVAL_MS: '0',
    HOUSEKEEPING_INTERVAL_MS: '0',
  };
  server = spawn(process.execPath, [serverEntry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  server.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the built server exited with ${server.exitCode}:\n${output}`);
    const answered = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 180_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the built server (apps/server/dist)', () => {
  it('is plain JavaScript: no TypeScript module is loaded at run time', async () => {
    const files = await readdir(path.dirname(serverEntry));
    expect(files).toContain('main.js');
    expect(files.filter((file) => file.endsWith('.ts'))).toEqual([]);
  });

  it('is ASCII, so V8 holds its source at one byte per character (ADR 0016)', async () => {
    const main = await readFile(serverEntry, 'utf8');
    const chunks = [...new Set(main.match(/"\.\/[\w-]+\.js"/g) ?? [])].map((quoted) => quoted.slice(3, -1));
    expect(chunks.length).toBeGreaterThan(0);
    for (const name of ['main.js', ...chunks]) {
      const code = await readFile(path.join(path.dirname(serverEntry), name), 'utf8');
      expect({ name, nonAscii: code.match(/[\u0080-\uffff]/)?.[0] }).toEqual({ name, nonAscii: undefined });
    }
  });

  it('migrates a fresh PGlite directory and answers /api/health in the request language', async () => {
    const health = await get('/api/health', 'jp');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ code: 1, msg: '成功しました', data: { status: 'ok' } });
  });

  it('finds the message catalogues: an error in German', async () => {
    const response = await fetch(`${base}/api/user/resetPay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', lang: 'de' },
      body: JSON.stringify({ paypwd: '123456', repaypwd: '123456', password: 'secret123' }),
    });
    expect(await response.json()).toMatchObject({
      code: 401,
      error: 'UNAUTHORIZED',
      msg: 'Bitte melden Sie sich zuerst an.',
    });
  });

  it('loads the API docs on their first request (ADR 0016)', async () => {
    const response = await fetch(`${base}/api/docs/json`);
    expect(response.status).toBe(200);
    const doc = (await response.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/api/product/list');
  }, 60_000); // the first docs request loads the libraries and builds the document: seconds on a loaded machine

  it('finds the default support texts it synced into the new database', async () => {
    const law = await get('/api/user/law', 'de');
    expect(law.body).toMatchObject({ code: 1 });
    expect(law.body.data).toMatchObject({ key: 'law', lang: 'de' });
    expect((law.body.data as { body: string }).body).toMatch(/^# Nutzungsbedingungen/);
  });
});
