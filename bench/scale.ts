/**
 * `npm run bench scale`: does the catalog hold at a million products? Loads 10,000 and 1,000,000
 * products (bench/scale-seed.ts) into two databases of its own, starts the real server on each
 * in turn (micro-cache off, so every request reaches PostgreSQL) and offers the same open-model
 * load per scenario (bench/open-model.ts, BENCH_SCALE_RATE req/s for BENCH_SCALE_SECONDS):
 *
 * - product list, default and price order on page 3, and a category: p95 at 1 M ≤ 1.5× at 10 k;
 * - search for a selective word (1 product in 5,000): p95 at 1 M ≤ 1.5× at 10 k;
 * - the broad keyword `イヤホン` (1/12 of the catalog) sorted by sales: p95 ≤ 20 ms at 1 M.
 *
 * The broad keyword by relevance is printed too: ranking needs every match, so it grows with the
 * catalog (no target). BENCH_REUSE=1 keeps databases that already hold the products (the million
 * takes minutes to load). Env: DATABASE_URL, BENCH_SCALE_PORT (3511), BENCH_SCALE_SIZES.
 */
import pg from 'pg';
import { defaultDatabaseUrl, freshDatabase, loadAverage, printTable, reportTarget, stopServer } from './lib.ts';
import { prepareCatalog, startApp } from './load-app.ts';
import { type LoadFigures, runOpenLoad } from './open-model.ts';
import { broadKeyword, selectiveKeyword } from './scale-seed.ts';

const baseUrl = process.env.DATABASE_URL ?? defaultDatabaseUrl;
const port = Number(process.env.BENCH_SCALE_PORT ?? 3511);
const rate = Number(process.env.BENCH_SCALE_RATE ?? 50);
const seconds = Number(process.env.BENCH_SCALE_SECONDS ?? 10);
const sizes = (process.env.BENCH_SCALE_SIZES ?? '10000,1000000').split(',').map(Number);

const scenarios = [
  { name: 'list, default (sales)', path: '/api/product/list', kind: 'list' },
  { name: 'list, price_asc page 3', path: '/api/product/list?sort=price_asc&page=3', kind: 'list' },
  { name: 'list, category + new', path: '/api/product/list?category_id=3&sort=new', kind: 'list' },
  { name: `search "${selectiveKeyword}"`, path: `/api/product/list?keyword=${selectiveKeyword}`, kind: 'search' },
  {
    name: `broad keyword ${broadKeyword} + sales`,
    path: `/api/product/list?keyword=${encodeURIComponent(broadKeyword)}&sort=sales`,
    kind: 'broad',
  },
  {
    name: `broad keyword ${broadKeyword} + new p2`,
    path: `/api/product/list?keyword=${encodeURIComponent(broadKeyword)}&sort=new&page=2`,
    kind: 'broad',
  },
  {
    name: `broad keyword ${broadKeyword}, relevance`,
    path: `/api/product/list?keyword=${encodeURIComponent(broadKeyword)}`,
    kind: 'info',
  },
] as const;

async function productCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return (await client.query<{ n: number }>('select count(*)::int as n from products')).rows[0]?.n ?? 0;
  } catch {
    return 0;
  } finally {
    await client.end().catch(() => {});
  }
}

async function database(size: number): Promise<string> {
  const name = `crossmart_perf_load_scale_${size}`;
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  if (process.env.BENCH_REUSE === '1' && (await productCount(url.toString())) === size) {
    console.log(`reusing ${name}`);
    return url.toString();
  }
  const fresh = await freshDatabase(baseUrl, name);
  const started = Date.now();
  await prepareCatalog({ url: fresh }, { products: size, shops: Math.max(100, size / 200) });
  console.log(`loaded ${size} products in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return fresh;
}

const results = new Map<number, Map<string, LoadFigures & { load: string }>>();
for (const size of sizes) {
  const url = await database(size);
  const server = await startApp({ url }, port, { CATALOG_CACHE_MS: '0' });
  const figures = new Map<string, LoadFigures & { load: string }>();
  try {
    for (const scenario of scenarios) {
      const operations = [
        { name: scenario.name, weight: 1, next: () => ({ method: 'GET' as const, path: scenario.path }) },
      ];
      await runOpenLoad({ port, rate, seconds: 2, operations }); // warm-up
      const result = await runOpenLoad({ port, rate, seconds, operations });
      figures.set(scenario.name, { ...result, load: loadAverage() });
      console.log(
        `${size} products · ${scenario.name}: p50 ${result.p50.toFixed(1)} p95 ${result.p95.toFixed(1)} p99 ${result.p99.toFixed(1)} ms, errors ${result.errors}, load ${loadAverage()}`,
      );
    }
  } finally {
    await stopServer(server);
  }
  results.set(size, figures);
}

const small = results.get(Math.min(...sizes));
const large = results.get(Math.max(...sizes));
const rows: string[][] = [];
for (const scenario of scenarios) {
  const a = small?.get(scenario.name);
  const b = large?.get(scenario.name);
  if (!a || !b) continue;
  rows.push([
    scenario.name,
    a.p95.toFixed(1),
    b.p95.toFixed(1),
    `${(b.p95 / a.p95).toFixed(2)}x`,
    String(a.errors + b.errors),
    `${a.load} / ${b.load}`,
  ]);
}
console.log(`\nscale: p95 at ${rate} req/s offered, ${seconds} s per scenario, micro-cache off`);
printTable(['scenario', `p95 ${Math.min(...sizes)}`, `p95 ${Math.max(...sizes)}`, 'ratio', 'errors', 'load'], rows);

for (const scenario of scenarios) {
  const a = small?.get(scenario.name);
  const b = large?.get(scenario.name);
  if (!a || !b || scenario.kind === 'info') continue;
  const ratio = b.p95 / a.p95;
  const clean = a.errors + b.errors === 0;
  if (scenario.kind === 'broad') {
    reportTarget({
      name: `scale ${scenario.name} p95 at ${Math.max(...sizes)}`,
      figure: `${b.p95.toFixed(1)} ms`,
      target: '≤ 20 ms, 0 errors',
      pass: b.p95 <= 20 && clean,
      baseline: `${a.p95.toFixed(1)} ms at ${Math.min(...sizes)}`,
      ratio: `${ratio.toFixed(2)}x`,
    });
    continue;
  }
  reportTarget({
    name: `scale ${scenario.name} p95 ${Math.max(...sizes)} vs ${Math.min(...sizes)}`,
    figure: `${b.p95.toFixed(1)} ms`,
    target: '≤ 1.5x, 0 errors',
    pass: ratio <= 1.5 && clean,
    baseline: `${a.p95.toFixed(1)} ms`,
    ratio: `${ratio.toFixed(2)}x`,
  });
}
