/**
 * `npm run bench pglite [-- --quick]`: the embedded default (PGlite) beside PostgreSQL. The same
 * 10,000-product catalog (bench/scale-seed.ts) is loaded into both; the real server runs on each,
 * micro-cache off, and autocannon measures the product list at 50 connections, alternating the
 * two engines (BENCH_ROUNDS rounds, medians): PGlite ≥ 40 % of PostgreSQL's req/s. Then a soak:
 * 50 connections for 60 s (`--quick`: 15 s) on PGlite over list, search, detail and home, with no
 * error, no timeout, and a server that still answers at once afterwards.
 *
 * Env: DATABASE_URL, BENCH_PGLITE_PORT (3521; PostgreSQL on the next port), BENCH_DB (the
 * PostgreSQL database it creates, crossmart_perf_load_pglite), BENCH_SECONDS (10), BENCH_ROUNDS (3).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  defaultDatabaseUrl,
  freshDatabase,
  loadAverage,
  type Measurement,
  measure,
  printComparison,
  reportTarget,
  residentMegabytes,
  stopServer,
} from './lib.ts';
import { prepareCatalog, startApp } from './load-app.ts';
import { broadKeyword } from './scale-seed.ts';

const quick = process.argv.includes('--quick');
const pglitePort = Number(process.env.BENCH_PGLITE_PORT ?? 3521);
const postgresPort = pglitePort + 1;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const soakSeconds = quick ? 15 : 60;
const catalogSize = { products: 10_000, shops: 100 };
const databaseName = process.env.BENCH_DB ?? 'crossmart_perf_load_pglite';
if (!/^\w+$/.test(databaseName)) throw new Error('BENCH_DB: letters, digits and _ only');

const postgresUrl = await freshDatabase(process.env.DATABASE_URL ?? defaultDatabaseUrl, databaseName);
const dataRoot = await mkdtemp(path.join(os.tmpdir(), 'bench-pglite-'));
const dataDir = path.join(dataRoot, 'pglite');
console.log(`pglite bench: loading ${catalogSize.products} products into PostgreSQL and PGlite; load ${loadAverage()}`);
await prepareCatalog({ url: postgresUrl }, catalogSize);
await prepareCatalog({ dataDir }, catalogSize);

const noCache = { CATALOG_CACHE_MS: '0' };
const pglite = await startApp({ dataDir }, pglitePort, noCache);
const postgres = await startApp({ url: postgresUrl }, postgresPort, noCache);

const median = (runs: Measurement[]): Measurement => {
  const sorted = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return sorted[Math.floor(sorted.length / 2)] as Measurement;
};

try {
  const list = '/api/product/list';
  const options = { connections: 50, seconds, warmupSeconds: 2 };
  const onPostgres: Measurement[] = [];
  const onPglite: Measurement[] = [];
  for (let round = 0; round < rounds; round++) {
    onPostgres.push(
      await measure('PostgreSQL  GET /api/product/list', `http://127.0.0.1:${postgresPort}${list}`, options),
    );
    onPglite.push(await measure('PGlite      GET /api/product/list', `http://127.0.0.1:${pglitePort}${list}`, options));
  }
  const pg = median(onPostgres);
  const lite = median(onPglite);
  printComparison(
    `product list, uncached, 50 connections, median of ${rounds} × ${seconds} s (load ${loadAverage()})`,
    [{ baseline: pg, subject: lite }],
  );
  const ratio = lite.requestsPerSecond / pg.requestsPerSecond;
  reportTarget({
    name: 'PGlite product list vs PostgreSQL',
    figure: `${lite.requestsPerSecond.toFixed(0)} req/s (p99 ${lite.p99} ms)`,
    target: '≥ 40 % of PostgreSQL',
    pass: ratio >= 0.4 && lite.errors + lite.non2xx === 0,
    baseline: `${pg.requestsPerSecond.toFixed(0)} req/s`,
    ratio: `${(ratio * 100).toFixed(0)} %`,
  });
  await stopServer(postgres);

  console.log(`\nsoak: PGlite, 50 connections, ${soakSeconds} s, list/search/detail/home`);
  const soak = await autocannon({
    url: `http://127.0.0.1:${pglitePort}`,
    connections: 50,
    duration: soakSeconds,
    timeout: 10,
    headers: { lang: 'en' },
    requests: [
      { method: 'GET', path: '/api/product/list?sort=new&page=2' },
      { method: 'GET', path: `/api/product/list?keyword=${encodeURIComponent(broadKeyword)}&sort=sales` },
      { method: 'GET', path: '/api/product/detail?id=4242' },
      { method: 'GET', path: '/api/home' },
    ],
  });
  const started = performance.now();
  const health = await fetch(`http://127.0.0.1:${pglitePort}/api/health`, { signal: AbortSignal.timeout(5000) });
  const afterMs = performance.now() - started;
  const rss = await residentMegabytes(pglite.pid ?? 0);
  // autocannon counts a timeout among its errors too.
  const failures = soak.errors + soak.non2xx;
  // Which answers failed: 503 is load shedding (the embedded request queue's bounded wait, ADR 0017,
  // or the event-loop guard); timeouts are answers that took longer than autocannon's 10 s.
  const statusCodes = Object.entries(soak.statusCodeStats ?? {})
    .map(([status, { count }]) => `${status} × ${count}`)
    .join(', ');
  console.log(
    `soak status codes: ${statusCodes || 'none'}; timeouts ${soak.timeouts}; other errors ${soak.errors - soak.timeouts}`,
  );
  console.log(
    `soak: ${soak.requests.total} requests, ${soak.requests.average.toFixed(0)} req/s, p50 ${soak.latency.p50} ms, p99 ${soak.latency.p99} ms, max ${soak.latency.max} ms, errors ${soak.errors}, timeouts ${soak.timeouts}, non-2xx ${soak.non2xx}; health after ${afterMs.toFixed(0)} ms (${health.status}); RSS ${rss.toFixed(0)} MB; load ${loadAverage()}`,
  );
  reportTarget({
    name: `PGlite soak ${soakSeconds} s at 50 connections`,
    figure: `${soak.requests.total} requests, ${failures} errors/timeouts, max ${soak.latency.max} ms`,
    target: 'no error, no hang',
    pass: failures === 0 && health.ok && afterMs < 1000 && soak.requests.total > 0,
    baseline: `${soak.requests.average.toFixed(0)} req/s`,
  });
} finally {
  await stopServer(postgres);
  await stopServer(pglite);
  await rm(dataRoot, { recursive: true, force: true });
}
