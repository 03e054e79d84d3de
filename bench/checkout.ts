/**
 * `node bench/checkout.ts`: checkout + pay throughput of the real app on PostgreSQL, beside
 * pgbench's TPC-B-like TPS on the same server in the same run.
 *
 * Each of BENCH_WORKERS closed-loop clients (its own buyer with a payment code and a large
 * balance) repeats: `POST /api/order/create` (buy-now, a random SKU of 200 in 10 shops) then
 * `POST /api/user/verify_pay` for that order. One "checkout" = both calls (two database
 * transactions, one ledger posting). pgbench runs `-c BENCH_WORKERS` on its own database.
 * Afterwards the ledger is verified. Prints checkouts/s, requests/s, p50/p99 per checkout and
 * per call, and the ratio to pgbench.
 *
 * Variants: the payment code is an argon2id hash; `BENCH_ARGON2=production` (default: both) runs
 * the server with the production cost (19 MiB, 2 passes), `cheap` with 1 MiB / 1 pass, to show
 * what the database path alone allows.
 *
 * Then BENCH_QUIET_WORKERS (2) clients repeat the journey for half the time: the latency of one
 * checkout on a machine that is not saturated (with 16 closed-loop clients on 2 cores, latency is
 * mostly queueing: clients ÷ throughput). Buyers check out to an address of their address book.
 *
 * Env: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_SECONDS (10),
 * BENCH_WORKERS (16), BENCH_QUIET_WORKERS (2), BENCH_PORT (3207).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { verifyLedger } from '../apps/server/src/modules/ledger/index.ts';
import { defaultDatabaseUrl, startServer, stopServer } from './lib.ts';

const baseUrl = process.env.DATABASE_URL ?? defaultDatabaseUrl;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const workers = Number(process.env.BENCH_WORKERS ?? 16);
const quietWorkers = Math.min(workers, Number(process.env.BENCH_QUIET_WORKERS ?? 2));
const port = Number(process.env.BENCH_PORT ?? 3207);
const variants = process.env.BENCH_ARGON2 ? [process.env.BENCH_ARGON2] : ['production', 'cheap'];
const run = promisify(execFile);

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

async function pgbenchTps(): Promise<number> {
  await recreate('crossmart_pgbench');
  const url = new URL(baseUrl);
  const args = ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres')];
  await run('pgbench', [...args, '-i', '-s', '1', '-q', 'crossmart_pgbench']);
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
    'crossmart_pgbench',
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

async function seed(database: string): Promise<{ buyers: BenchBuyer[]; skuIds: number[] }> {
  const handle = await openDatabase({ url: urlOf(database), poolSize: 4 });
  const { createShop, createProduct } = await import('../apps/server/src/modules/catalog/index.ts');
  const { postTransaction } = await import('../apps/server/src/modules/ledger/index.ts');
  const { categories } = await import('../apps/server/src/db/schema/index.ts');
  const [category] = await handle.db.select({ id: categories.id }).from(categories).limit(1);
  if (!category) throw new Error('no categories');
  const skuIds: number[] = [];
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
  return { buyers, skuIds };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function drive(buyers: BenchBuyer[], skuIds: number[], durationMs: number) {
  const checkout: number[] = [];
  const create: number[] = [];
  const pay: number[] = [];
  const errors = new Map<string, number>();
  const fail = (key: string) => errors.set(key, (errors.get(key) ?? 0) + 1);
  const deadline = Date.now() + durationMs;
  let seed = 1;
  await Promise.all(
    buyers.map(async ({ token, addressId }, worker) => {
      while (Date.now() < deadline) {
        seed = (seed * 1_103_515_245 + 12_345 + worker) % 2_147_483_648;
        const skuId = skuIds[seed % skuIds.length] ?? skuIds[0];
        const t0 = performance.now();
        const created = await post('/api/order/create', { sku_id: skuId, quantity: 1, address_id: addressId }, token);
        const t1 = performance.now();
        const orderIds = (created.data as { order_ids?: number[] } | null)?.order_ids;
        if (created.code !== 1 || !orderIds) {
          fail(`create ${created.error}`);
          continue;
        }
        const paid = await post('/api/user/verify_pay', { order_ids: orderIds, paypwd: '123456' }, token);
        const t2 = performance.now();
        if (paid.code !== 1) {
          fail(`pay ${paid.error}`);
          continue;
        }
        create.push(t1 - t0);
        pay.push(t2 - t1);
        checkout.push(t2 - t0);
      }
    }),
  );
  return { checkout, create, pay, errors };
}

interface Row {
  variant: string;
  checkoutsPerSecond: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  createP99: number;
  payP99: number;
  errors: string;
  ledgerOk: boolean;
  quietP50: number;
  quietP99: number;
}

async function measureApp(variant: string): Promise<Row> {
  const database = 'crossmart_bench_checkout';
  await recreate(database);
  const argon: Record<string, string> = variant === 'cheap' ? { ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' } : {};
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
      NODE_ENV: 'production',
      ...argon,
    },
    `${api}/api/config`,
  );
  try {
    const { buyers, skuIds } = await seed(database);
    await drive(buyers, skuIds, 2000); // warm-up
    const result = await drive(buyers, skuIds, seconds * 1000);
    const sorted = [...result.checkout].sort((a, b) => a - b);
    // The same journey with few clients: the latency of one checkout when the machine is not saturated.
    const quiet = await drive(buyers.slice(0, quietWorkers), skuIds, (seconds * 1000) / 2);
    const quietSorted = [...quiet.checkout].sort((a, b) => a - b);
    const handle = await openDatabase({ url: urlOf(database), poolSize: 2 });
    const report = await verifyLedger(handle.db);
    await handle.close();
    return {
      variant,
      checkoutsPerSecond: result.checkout.length / seconds,
      requestsPerSecond: (result.checkout.length * 2) / seconds,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      createP99: percentile(
        [...result.create].sort((a, b) => a - b),
        0.99,
      ),
      payP99: percentile(
        [...result.pay].sort((a, b) => a - b),
        0.99,
      ),
      errors: [...result.errors].map(([key, count]) => `${key}: ${count}`).join(', ') || '0',
      ledgerOk: report.ok,
      quietP50: percentile(quietSorted, 0.5),
      quietP99: percentile(quietSorted, 0.99),
    };
  } finally {
    await stopServer(server);
  }
}

const tps = await pgbenchTps();
const rows: Row[] = [];
for (const variant of variants) rows.push(await measureApp(variant));

console.log(`\ncheckout + pay on PostgreSQL, ${workers} clients, ${seconds} s`);
console.log(`pgbench TPC-B-like (scale 1, ${workers} clients, prepared): ${tps.toFixed(0)} tps`);
for (const row of rows) {
  const ratio = (row.checkoutsPerSecond / tps) * 100;
  console.log(
    [
      `argon2 ${row.variant.padEnd(10)}`,
      `${row.checkoutsPerSecond.toFixed(0)} checkouts/s (${row.requestsPerSecond.toFixed(0)} req/s)`,
      `${ratio.toFixed(1)} % of pgbench (target ≥ 60 %: ${ratio >= 60 ? 'met' : 'NOT met'})`,
      `checkout p50 ${row.p50.toFixed(1)} ms p99 ${row.p99.toFixed(1)} ms (target ≤ 50: ${row.p99 <= 50 ? 'met' : 'NOT met'})`,
      `create p99 ${row.createP99.toFixed(1)} ms, pay p99 ${row.payP99.toFixed(1)} ms`,
      `${quietWorkers} clients: p50 ${row.quietP50.toFixed(1)} ms p99 ${row.quietP99.toFixed(1)} ms`,
      `errors ${row.errors}`,
      `ledger ${row.ledgerOk ? 'clean' : 'NOT CLEAN'}`,
    ].join(' · '),
  );
}
if (rows.some((row) => !row.ledgerOk)) process.exit(1);
