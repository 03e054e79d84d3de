/**
 * `npm run bench checkout`: checkout + pay throughput of the real app on PostgreSQL, beside
 * pgbench's TPC-B-like TPS on the same server in the same run, with the targets of issue 19.
 *
 * Each of BENCH_WORKERS closed-loop clients (its own buyer with a payment code and a large
 * balance) repeats: `POST /api/order/create` (buy-now, a random SKU of 200 in 10 shops) then
 * `POST /api/user/verify_pay` for that order. One "checkout" = both calls (two database
 * transactions, one ledger posting). pgbench runs `-c BENCH_WORKERS` on its own database
 * (scale 1: one branch row, hot like the escrow account). Then the hot-seller run: every order
 * to one shop (its 20 SKUs). Afterwards the ledger is verified.
 *
 * Statements per checkout: the bench server counts every query its pg clients send (one round
 * trip each, BEGIN/COMMIT included) and every Redis command; the bench takes the count of a few
 * checkouts made one at a time. `BENCH_STATEMENTS_LOG=1` prints the statements of one checkout, and the statements that
 * took the most wall time in the 2-client run (count, mean ms).
 *
 * CPU per checkout: the CPU time (user + system, from /proc) the server process and the database's
 * backends used during a run, divided by its checkouts. On 2 shared cores the rate is capped by
 * this sum (plus the bench client's own share), and it is steadier than the rate when other work
 * runs on the machine.
 *
 * Then BENCH_QUIET_WORKERS (2) clients repeat the journey for half the time: the latency of one
 * checkout on a machine that is not saturated (with 16 closed-loop clients on 2 cores, latency is
 * mostly queueing: clients ÷ throughput).
 *
 * Env: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_SECONDS (10),
 * BENCH_WORKERS (16), BENCH_QUIET_WORKERS (2), BENCH_PORT (3207), BENCH_DATABASE_PREFIX
 * (crossmart_bench: the bench makes <prefix>_checkout and <prefix>_pgbench, dropped first),
 * REDIS_URL (redis://127.0.0.1:6379; the server runs with NODE_ENV=production, which needs Redis).
 */
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { promisify } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { verifyLedger } from '../apps/server/src/modules/ledger/index.ts';
import { productionEnv } from '../scripts/lib/production-env.ts';
import { cpuMilliseconds, defaultDatabaseUrl, reportTarget, startServer, stopServer } from './lib.ts';

const baseUrl = process.env.DATABASE_URL ?? defaultDatabaseUrl;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const workers = Number(process.env.BENCH_WORKERS ?? 16);
const quietWorkers = Math.min(workers, Number(process.env.BENCH_QUIET_WORKERS ?? 2));
const port = Number(process.env.BENCH_PORT ?? 3207);
const prefix = process.env.BENCH_DATABASE_PREFIX ?? 'crossmart_bench';
const logStatements = process.env.BENCH_STATEMENTS_LOG === '1';
const run = promisify(execFile);

/** Statements per checkout (create + pay of one buy-now SKU, session and settings reads included) before issue 19: main at 9dacc25, counted by this bench. */
const statementsBefore = 35;
const targets = { checkoutsPerSecond: 500, pgbenchRatio: 25, p99Ms: 50, hotSellerRatio: 70 };

function urlOf(database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function recreate(database: string) {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.query(`create database ${database}`);
  await admin.end();
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function pgbenchTps(): Promise<number> {
  const database = `${prefix}_pgbench`;
  await recreate(database);
  const url = new URL(baseUrl);
  const args = ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres')];
  await run('pgbench', [...args, '-i', '-s', '1', '-q', database]);
  const { stdout } = await run('pgbench', [
    ...args,
    '-c',
    String(workers),
    '-j',
    '2',
    '-T',
    String(seconds),
    '-M',
    'prepared',
    database,
  ]);
  const match = /tps = ([\d.]+)/.exec(stdout);
  if (!match?.[1]) throw new Error(`no tps in pgbench output:\n${stdout}`);
  return Number(match[1]);
}

const api = `http://127.0.0.1:${port}`;
async function post(
  path: string,
  body: unknown,
  token?: string,
): Promise<{ code: number; error?: string; data: unknown }> {
  const res = await fetch(`${api}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: 'en', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; error?: string; data: unknown };
}

interface BenchBuyer {
  token: string;
  addressId: number;
}

async function seed(database: string): Promise<{ buyers: BenchBuyer[]; skuIds: number[]; hotShopSkuIds: number[] }> {
  const handle = await openDatabase({ url: urlOf(database), poolSize: 4 });
  const { createShop, createProduct } = await import('../apps/server/src/modules/catalog/index.ts');
  const { postTransaction } = await import('../apps/server/src/modules/ledger/index.ts');
  const { categories } = await import('../apps/server/src/db/schema/index.ts');
  const [category] = await handle.db.select({ id: categories.id }).from(categories).limit(1);
  if (!category) throw new Error('no categories');
  const skuIds: number[] = [];
  const hotShopSkuIds: number[] = [];
  for (let s = 0; s < 10; s += 1) {
    const shop = await createShop(handle.db, { name: `Bench shop ${s}` });
    for (let p = 0; p < 20; p += 1) {
      const product = await createProduct(handle.db, {
        shopId: shop.id,
        categoryId: category.id,
        title: `Bench product ${s}-${p}`,
        freight: (p % 4) * 100,
        skus: [{ specs: [], price: 500 + p * 10, stock: 1_000_000_000 }],
      });
      skuIds.push(...product.skuIds);
      if (s === 0) hotShopSkuIds.push(...product.skuIds);
    }
  }
  const buyers: BenchBuyer[] = [];
  for (let i = 0; i < workers; i += 1) {
    const account = `bench_${Date.now().toString(36)}_${i}`;
    const registered = await post('/api/user/register', {
      account,
      password: 'secret123',
      repassword: 'secret123',
      family_name: 'Bench',
      given_name: 'Buyer',
      email: `${account}@example.com`,
      mobile: `+8190${String(10_000_000 + i)}`,
    });
    const info = (registered.data as { userinfo?: { id: number; token: string } } | null)?.userinfo;
    if (!info) throw new Error(`register failed: ${JSON.stringify(registered)}`);
    const set = await post(
      '/api/user/resetPay',
      { paypwd: '123456', repaypwd: '123456', password: 'secret123' },
      info.token,
    );
    if (set.code !== 1) throw new Error(`resetPay failed: ${JSON.stringify(set)}`);
    await handle.db.transaction((tx) =>
      postTransaction(tx, {
        kind: 'recharge',
        reference: `bench-${info.id}`,
        legs: [
          { account: { platform: 'external' }, amount: -1_000_000_000_000 },
          { account: { userId: info.id }, amount: 1_000_000_000_000 },
        ],
      }),
    );
    const address = await post(
      '/api/user/address_add',
      {
        name: 'Bench Buyer',
        mobile: '+818000000000',
        area: { codes: ['JP', 'JP-13', 'JP-13-shinjuku'], text: '日本 / 東京都 / 新宿区' },
        address: '西新宿 1-1',
        tag: 'home',
      },
      info.token,
    );
    const addressId = (address.data as { id?: number } | null)?.id;
    if (address.code !== 1 || !addressId) throw new Error(`address_add failed: ${JSON.stringify(address)}`);
    buyers.push({ token: info.token, addressId });
  }
  await handle.close();
  return { buyers, skuIds, hotShopSkuIds };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function checkoutOnce(buyer: BenchBuyer, skuId: number): Promise<{ created: number; paid: number } | string> {
  const t0 = performance.now();
  const created = await post(
    '/api/order/create',
    { sku_id: skuId, quantity: 1, address_id: buyer.addressId },
    buyer.token,
  );
  const t1 = performance.now();
  const orderIds = (created.data as { order_ids?: number[] } | null)?.order_ids;
  if (created.code !== 1 || !orderIds) return `create ${created.error}`;
  const paid = await post('/api/user/verify_pay', { order_ids: orderIds, paypwd: '123456' }, buyer.token);
  if (paid.code !== 1) return `pay ${paid.error}`;
  return { created: t1 - t0, paid: performance.now() - t1 };
}

async function drive(buyers: BenchBuyer[], skuIds: number[], durationMs: number) {
  const checkout: number[] = [];
  const create: number[] = [];
  const pay: number[] = [];
  const errors = new Map<string, number>();
  const deadline = Date.now() + durationMs;
  let seed = 1;
  await Promise.all(
    buyers.map(async (buyer, worker) => {
      while (Date.now() < deadline) {
        seed = (seed * 1_103_515_245 + 12_345 + worker) % 2_147_483_648;
        const outcome = await checkoutOnce(buyer, skuIds[seed % skuIds.length] ?? skuIds[0] ?? 0);
        if (typeof outcome === 'string') {
          errors.set(outcome, (errors.get(outcome) ?? 0) + 1);
          continue;
        }
        create.push(outcome.created);
        pay.push(outcome.paid);
        checkout.push(outcome.created + outcome.paid);
      }
    }),
  );
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  return {
    checkouts: checkout.length,
    perSecond: checkout.length / (durationMs / 1000),
    p50: percentile(sorted(checkout), 0.5),
    p99: percentile(sorted(checkout), 0.99),
    createP99: percentile(sorted(create), 0.99),
    payP99: percentile(sorted(pay), 0.99),
    errors: [...errors].map(([key, count]) => `${key}: ${count}`).join(', ') || '0',
  };
}

async function statementCount(): Promise<{ count: number; redis: number; recent: string[] }> {
  const res = await fetch(`${api}/bench/statements`);
  return (await res.json()) as { count: number; redis: number; recent: string[] };
}

/**
 * Statements the server sends per checkout, from a few checkouts made one at a time (the server
 * runs no timers, and `/bench/statements` itself sends none). The texts are those of the last one.
 */
async function statementsPerCheckout(
  buyer: BenchBuyer,
  skuId: number,
): Promise<{ count: number; redis: number; texts: string[] }> {
  const runs = 5;
  const before = await statementCount();
  for (let i = 0; i < runs; i += 1) {
    if (i === runs - 1) await statementCount(); // clears the recent texts
    if (typeof (await checkoutOnce(buyer, skuId)) === 'string') throw new Error('a counted checkout failed');
  }
  const after = await statementCount();
  return {
    count: (after.count - before.count) / runs,
    redis: (after.redis - before.redis) / runs,
    texts: after.recent,
  };
}

/** The CPU the server process and the PostgreSQL backends of `database` use while `work` runs. */
async function cpuDuring<T extends { checkouts: number }>(
  serverPid: number,
  database: string,
  work: () => Promise<T>,
): Promise<T & { serverCpuMs: number; postgresCpuMs: number }> {
  const monitor = new pg.Client({ connectionString: baseUrl });
  await monitor.connect();
  const backends = async () =>
    (await monitor.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [database])).rows.map(
      (row) => row.pid,
    );
  const cpuOf = async (pids: number[]) =>
    new Map(await Promise.all(pids.map(async (pid) => [pid, await cpuMilliseconds(pid)] as const)));
  const serverBefore = await cpuMilliseconds(serverPid);
  const before = await cpuOf(await backends());
  const result = await work();
  const after = await cpuOf([...new Set([...before.keys(), ...(await backends())])]);
  const serverAfter = await cpuMilliseconds(serverPid);
  await monitor.end();
  // A backend that ended during the run reads 0 afterwards: left out rather than counted negative.
  let postgres = 0;
  for (const [pid, ms] of after) postgres += Math.max(0, ms - (before.get(pid) ?? 0));
  const per = Math.max(1, result.checkouts);
  return { ...result, serverCpuMs: (serverAfter - serverBefore) / per, postgresCpuMs: postgres / per };
}

interface Scenario {
  perSecond: number;
  serverCpuMs: number;
  postgresCpuMs: number;
  p50: number;
  p99: number;
  createP99: number;
  payP99: number;
  errors: string;
}

interface AppFigures {
  normal: Scenario;
  hotSeller: Scenario;
  quiet: Scenario;
  statements: number;
  redisCommands: number;
  statementTexts: string[];
  slowest: Array<{ text: string; count: number; ms: number }>;
  ledgerOk: boolean;
}

async function measureApp(): Promise<AppFigures> {
  const database = `${prefix}_checkout`;
  await recreate(database);
  const server = await startServer(
    'bench/servers/checkout-server.ts',
    {
      DATABASE_URL: urlOf(database),
      PORT: String(port),
      DATABASE_POOL_SIZE: '20',
      ORDER_SWEEP_INTERVAL_MS: '0',
      HOUSEKEEPING_INTERVAL_MS: '0',
      REGISTER_MAX_PER_IP: '100000',
      LOGIN_MAX_FAILURES_PER_IP: '100000',
      ORDER_CREATE_MAX_PER_MINUTE: '1000000',
      // Production runs with Redis (the rate limits hold across instances); keys under the bench's own namespace.
      ...productionEnv(`${prefix}-${Date.now().toString(36)}`),
      ...(process.env.BENCH_SERVER_PGOPTIONS ? { PGOPTIONS: process.env.BENCH_SERVER_PGOPTIONS } : {}),
    },
    `${api}/api/config`,
  );
  try {
    const { buyers, skuIds, hotShopSkuIds } = await seed(database);
    const [first] = buyers;
    if (!first) throw new Error('no buyers');
    const statements = await statementsPerCheckout(first, skuIds[0] ?? 0);
    await drive(buyers, skuIds, 2000); // warm-up
    const pid = server.pid ?? 0;
    const normal = await cpuDuring(pid, database, () => drive(buyers, skuIds, seconds * 1000));
    const hotSeller = await cpuDuring(pid, database, () => drive(buyers, hotShopSkuIds, seconds * 1000));
    // The same journey with few clients: the latency of one checkout when the machine is not saturated.
    await fetch(`${api}/bench/timings`); // clears them
    const quiet = await cpuDuring(pid, database, () =>
      drive(buyers.slice(0, quietWorkers), skuIds, (seconds * 1000) / 2),
    );
    const timings = (await (await fetch(`${api}/bench/timings`)).json()) as Array<{
      text: string;
      count: number;
      ms: number;
    }>;
    const slowest = timings.sort((a, b) => b.ms - a.ms).slice(0, 12);
    const handle = await openDatabase({ url: urlOf(database), poolSize: 2 });
    const report = await verifyLedger(handle.db);
    await handle.close();
    return {
      normal,
      hotSeller,
      quiet,
      statements: statements.count,
      redisCommands: statements.redis,
      statementTexts: statements.texts,
      slowest,
      ledgerOk: report.ok,
    };
  } finally {
    await stopServer(server);
  }
}

const loadBefore = load();
const tps = await pgbenchTps();
const app = await measureApp();
const loadAfter = load();

const verdict = (ok: boolean) => (ok ? 'PASS' : 'BELOW');
const ms = (value: number) => `${value.toFixed(1)} ms`;
console.log(`\ncheckout + pay on PostgreSQL, ${workers} clients, ${seconds} s per run`);
console.log(`load average (1, 5, 15 min): ${loadBefore} before, ${loadAfter} after`);
console.log(`pgbench TPC-B-like (scale 1, ${workers} clients, prepared): ${tps.toFixed(0)} tps`);
console.log(`per checkout: ${app.statements} SQL statements, ${app.redisCommands} Redis commands`);
for (const [name, row] of [
  ['normal (200 SKUs, 10 shops)', app.normal],
  ['hot seller (every order to one shop)', app.hotSeller],
  [`${quietWorkers} clients`, app.quiet],
] as const) {
  console.log(
    `  ${name}: ${row.perSecond.toFixed(0)} checkouts/s · checkout p50 ${ms(row.p50)} p99 ${ms(row.p99)} · ` +
      `create p99 ${ms(row.createP99)}, pay p99 ${ms(row.payP99)} · errors ${row.errors}\n` +
      `    CPU per checkout: server ${ms(row.serverCpuMs)}, PostgreSQL backends ${ms(row.postgresCpuMs)}`,
  );
}
if (logStatements) {
  console.log('statements of one checkout (create + pay):');
  for (const text of app.statementTexts) console.log(`  ${text}`);
  console.log(`statements with the most wall time in the ${quietWorkers}-client run (count, mean):`);
  for (const { text, count, ms: total } of app.slowest) {
    console.log(`  ${String(count).padStart(6)}  ${ms(total / count).padStart(9)}  ${text.slice(0, 110)}`);
  }
}
const ratio = (app.normal.perSecond / tps) * 100;
const hotRatio = (app.hotSeller.perSecond / app.normal.perSecond) * 100;
const pgbenchBaseline = `pgbench ${tps.toFixed(0)} tps`;
const rows: Array<[string, string, string, string, string?]> = [
  [
    'checkouts/s at 16 clients',
    app.normal.perSecond.toFixed(0),
    `≥ ${targets.checkoutsPerSecond}`,
    verdict(app.normal.perSecond >= targets.checkoutsPerSecond),
  ],
  [
    'ratio to pgbench TPS',
    `${ratio.toFixed(1)} %`,
    `≥ ${targets.pgbenchRatio} %`,
    verdict(ratio >= targets.pgbenchRatio),
    pgbenchBaseline,
  ],
  ['checkout p99 at 16 clients', ms(app.normal.p99), `≤ ${targets.p99Ms} ms`, verdict(app.normal.p99 <= targets.p99Ms)],
  [
    'hot seller / normal rate',
    `${hotRatio.toFixed(1)} %`,
    `≥ ${targets.hotSellerRatio} %`,
    verdict(hotRatio >= targets.hotSellerRatio),
    `normal ${app.normal.perSecond.toFixed(0)}/s`,
  ],
  ['ledger after the runs', app.ledgerOk ? 'clean' : 'NOT CLEAN', 'clean', verdict(app.ledgerOk)],
  [
    'statements per checkout',
    `${app.statements} (before: ${statementsBefore})`,
    'fewer',
    verdict(app.statements < statementsBefore),
  ],
];
const table = [['target', 'figure', 'goal', 'verdict'], ...rows.map((row) => row.slice(0, 4))];
const widths = [0, 1, 2, 3].map((i) => Math.max(...table.map((row) => row[i]?.length ?? 0)));
console.log('');
for (const row of table) console.log(row.map((cell, i) => (cell ?? '').padEnd(widths[i] ?? 0)).join('  '));
// The lines `npm run bench` gathers into its summary table.
for (const [name, figure, target, result, baseline] of rows) {
  reportTarget({ name: `checkout: ${name}`, figure, target, pass: result === 'PASS', baseline });
}
if (!app.ledgerOk) process.exit(1);
