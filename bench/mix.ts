/**
 * `npm run bench mix [-- --quick]`: the open-model load mix on PostgreSQL. Requests arrive at a
 * constant rate whatever the server's answers do (bench/open-model.ts), in the proportions
 * browse 10, search 2, detail 5, cart view 3, cart add 2, checkout 1, pay 1, sent by logged-in
 * buyers with a balance over a 10,000-product catalog.
 *
 * 1. Saturation: from BENCH_MIX_START (50 req/s) the rate steps up ×1.25 (BENCH_STEP_SECONDS each)
 *    until a step fails to keep up (errors, p99 over 1 s, or under 95 % of the offered rate
 *    answered); the saturation rate is the last step that held (halving first when even the start
 *    rate fails, as on a machine busy with other work).
 * 2. The run: 70 % of that rate for 60 s (`--quick`: 15 s); p50/p95/p99, errors, achieved rate,
 *    and the server's peak resident memory, against p95 ≤ 50 ms, p99 ≤ 150 ms, 0 errors and
 *    ≤ 300 MB.
 *
 * Env: DATABASE_URL (a `crossmart_perf_load_mix` database, or BENCH_MIX_DATABASE, is created beside it), REDIS_URL,
 * BENCH_MIX_PORT (3501), BENCH_BUYERS (40), BENCH_MIX_SECONDS, BENCH_MIX_RATE (skip the search).
 */
import { randomInt } from 'node:crypto';
import pg from 'pg';
import {
  defaultDatabaseUrl,
  freshDatabase,
  loadAverage,
  printTable,
  reportTarget,
  residentMegabytes,
  stopServer,
} from './lib.ts';
import { type Buyer, prepareCatalog, registerBuyers, startApp } from './load-app.ts';
import { describeStalls, type LoadFigures, type Operation, runOpenLoad, stallMs } from './open-model.ts';
import { broadKeyword } from './scale-seed.ts';

const quick = process.argv.includes('--quick');
const port = Number(process.env.BENCH_MIX_PORT ?? 3501);
const buyerCount = Number(process.env.BENCH_BUYERS ?? 40);
const runSeconds = Number(process.env.BENCH_MIX_SECONDS ?? (quick ? 15 : 60));
const stepSeconds = Number(process.env.BENCH_STEP_SECONDS ?? (quick ? 3 : 5));
const catalogSize = { products: 10_000, shops: 100 };

const databaseUrl = await freshDatabase(
  process.env.DATABASE_URL ?? defaultDatabaseUrl,
  process.env.BENCH_MIX_DATABASE ?? 'crossmart_perf_load_mix',
);
console.log(`mix bench: loading ${catalogSize.products} products; load average ${loadAverage()}`);
await prepareCatalog({ url: databaseUrl }, catalogSize);
const server = await startApp({ url: databaseUrl }, port);
const pid = server.pid ?? 0;

async function catalogIds() {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const products = await client.query<{ id: number; sku: number }>(
    'select p.id, s.id as sku from products p join product_skus s on s.product_id = p.id order by p.id',
  );
  const categories = await client.query<{ id: number }>('select id from categories where product_count > 0');
  await client.end();
  return { products: products.rows, categories: categories.rows.map((row) => row.id) };
}

const pickOf = <T>(list: readonly T[]): T => list[randomInt(list.length)] as T;

/** The seven operations of the mix over these buyers and products. */
function mixOperations(buyers: Buyer[], catalog: Awaited<ReturnType<typeof catalogIds>>): Operation[] {
  const sorts = ['sales', 'new', 'price_asc', 'price_desc'];
  const keywords = [broadKeyword, 'テント', 'kettle', 'wallet', 'zephyr', 'ヨガマット', 'matcha'];
  // Each buyer fills a cart from a few SKUs of its own, so that a cart stays a realistic size.
  const cartSkus = new Map(
    buyers.map((buyer) => [buyer.id, Array.from({ length: 6 }, () => pickOf(catalog.products).sku)]),
  );
  const unpaid: { buyer: Buyer; orderIds: number[] }[] = [];
  const unpaidPerBuyer = new Map<number, number>();
  let turn = 0;
  const nextBuyer = () => buyers[turn++ % buyers.length] as Buyer;
  return [
    {
      name: 'browse',
      weight: 10,
      next: () => {
        const category = randomInt(3) === 0 ? `&category_id=${pickOf(catalog.categories)}` : '';
        return {
          method: 'GET',
          path: `/api/product/list?page=${1 + randomInt(5)}&sort=${pickOf(sorts)}${category}`,
          token: nextBuyer().token,
        };
      },
    },
    {
      name: 'search',
      weight: 2,
      next: () => ({
        method: 'GET',
        path: `/api/product/list?keyword=${encodeURIComponent(pickOf(keywords))}${randomInt(2) ? '&sort=sales' : ''}`,
        token: nextBuyer().token,
      }),
    },
    {
      name: 'detail',
      weight: 5,
      next: () => ({
        method: 'GET',
        path: `/api/product/detail?id=${pickOf(catalog.products).id}`,
        token: nextBuyer().token,
      }),
    },
    { name: 'cart view', weight: 3, next: () => ({ method: 'GET', path: '/api/cart/list', token: nextBuyer().token }) },
    {
      name: 'cart add',
      weight: 2,
      next: () => {
        const buyer = nextBuyer();
        return {
          method: 'POST',
          path: '/api/cart/add',
          body: { sku_id: pickOf(cartSkus.get(buyer.id) ?? []), quantity: 1 },
          token: buyer.token,
        };
      },
    },
    {
      name: 'checkout',
      weight: 1,
      next: () => {
        // A buyer may hold at most 5 unpaid orders (platform setting): keep each under 3.
        for (let tries = 0; tries < buyers.length; tries++) {
          const buyer = nextBuyer();
          if ((unpaidPerBuyer.get(buyer.id) ?? 0) >= 3) continue;
          unpaidPerBuyer.set(buyer.id, (unpaidPerBuyer.get(buyer.id) ?? 0) + 1);
          return {
            method: 'POST',
            path: '/api/order/create',
            body: { sku_id: pickOf(catalog.products).sku, quantity: 1, address_id: buyer.addressId },
            token: buyer.token,
          };
        }
        return undefined;
      },
      done: (call, data) => {
        const buyer = buyers.find((b) => b.token === call.token);
        const orderIds = (data as { order_ids?: number[] }).order_ids;
        if (buyer && orderIds) unpaid.push({ buyer, orderIds });
      },
    },
    {
      name: 'pay',
      weight: 1,
      next: () => {
        const order = unpaid.shift();
        if (!order) return undefined;
        return {
          method: 'POST',
          path: '/api/user/verify_pay',
          body: { order_ids: order.orderIds, paypwd: '123456' },
          token: order.buyer.token,
        };
      },
      done: (call) => {
        const buyer = buyers.find((b) => b.token === call.token);
        if (buyer) unpaidPerBuyer.set(buyer.id, (unpaidPerBuyer.get(buyer.id) ?? 1) - 1);
      },
    },
  ];
}

/** Samples the server's resident memory while `work` runs; returns the peak with its result. */
async function withPeakMemory<T>(work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peakMb = await residentMegabytes(pid);
  const timer = setInterval(() => {
    residentMegabytes(pid).then(
      (mb) => {
        peakMb = Math.max(peakMb, mb);
      },
      () => {},
    );
  }, 250);
  try {
    const result = await work();
    return { result, peakMb };
  } finally {
    clearInterval(timer);
  }
}

const held = (figures: LoadFigures) =>
  figures.errors === 0 && figures.p99 <= 1000 && figures.achievedRate >= figures.offeredRate * 0.95;

const row = (label: string, f: LoadFigures) => [
  label,
  f.offeredRate.toFixed(0),
  f.achievedRate.toFixed(0),
  f.p50.toFixed(1),
  f.p95.toFixed(1),
  f.p99.toFixed(1),
  String(f.errors),
  loadAverage(),
];

try {
  const buyers = await registerBuyers(port, databaseUrl, buyerCount);
  const catalog = await catalogIds();
  const operations = mixOperations(buyers, catalog);
  const idleMb = await residentMegabytes(pid);
  console.log(`${buyers.length} buyers ready; server RSS ${idleMb.toFixed(0)} MB before load`);
  await runOpenLoad({ port, rate: 10, seconds: 3, operations }); // warm-up

  const steps: string[][] = [];
  let saturation = Number(process.env.BENCH_MIX_RATE ?? 0);
  const step = async (rate: number) => {
    const figures = await runOpenLoad({ port, rate, seconds: stepSeconds, operations });
    steps.push(row(`step ${rate}/s`, figures));
    console.log(`  ${steps[steps.length - 1]?.join('  ')}`);
    if (figures.errorSamples.length > 0) console.log(`    errors: ${figures.errorSamples.slice(0, 4).join('; ')}`);
    for (const line of describeStalls(figures.stalls)) console.log(`    stall ${line}`);
    // Let queues drain before the next step.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return held(figures);
  };
  if (!saturation) {
    // Up ×1.25 from the start rate while steps hold; if the first fails, down by halves.
    let rate = Number(process.env.BENCH_MIX_START ?? 50);
    if (await step(rate)) {
      saturation = rate;
      for (rate = Math.round(rate * 1.25); await step(rate); rate = Math.round(rate * 1.25)) saturation = rate;
    } else {
      for (rate = Math.round(rate / 2); rate >= 5; rate = Math.round(rate / 2)) {
        if (await step(rate)) {
          saturation = rate;
          break;
        }
      }
    }
    if (!saturation) throw new Error('the server did not hold even 5 req/s');
  }
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const rate = Math.round(saturation * 0.7);
  console.log(`saturation ${saturation} req/s; running the mix at ${rate} req/s for ${runSeconds} s`);
  const { result: run, peakMb } = await withPeakMemory(() =>
    runOpenLoad({ port, rate, seconds: runSeconds, operations }),
  );

  console.log(`\nopen-model mix on PostgreSQL (${catalogSize.products} products, ${buyers.length} buyers)`);
  printTable(
    ['run', 'offered/s', 'achieved/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'load 1/5/15'],
    [...steps, row(`mix at 70 % (${runSeconds} s)`, run)],
  );
  printTable(
    ['operation', 'count', 'errors', 'p50 ms', 'p95 ms', 'p99 ms'],
    run.operations.map((op) => [
      op.name,
      String(op.count),
      String(op.errors),
      op.p50.toFixed(1),
      op.p95.toFixed(1),
      op.p99.toFixed(1),
    ]),
  );
  if (run.errorSamples.length > 0) console.log(`errors: ${run.errorSamples.slice(0, 8).join('; ')}`);
  const stalls = describeStalls(run.stalls);
  console.log(`seconds with a request over ${stallMs} ms: ${stalls.length} of ${runSeconds}`);
  for (const line of stalls) console.log(`  ${line}`);
  console.log(`server RSS: ${idleMb.toFixed(0)} MB before load, peak ${peakMb.toFixed(0)} MB during the mix`);

  const vsSaturation = `${((run.achievedRate / saturation) * 100).toFixed(0)} % of saturation`;
  reportTarget({
    name: 'mix saturation rate',
    figure: `${saturation} req/s`,
    target: 'reported',
    pass: true,
  });
  reportTarget({
    name: 'mix at 70 % p95',
    figure: `${run.p95.toFixed(1)} ms at ${run.achievedRate.toFixed(0)} req/s`,
    target: '≤ 50 ms',
    pass: run.p95 <= 50,
    baseline: `saturation ${saturation} req/s`,
    ratio: vsSaturation,
  });
  reportTarget({
    name: 'mix at 70 % p99',
    figure: `${run.p99.toFixed(1)} ms`,
    target: '≤ 150 ms',
    pass: run.p99 <= 150,
    baseline: `p50 ${run.p50.toFixed(1)} ms`,
  });
  reportTarget({
    name: 'mix at 70 % errors',
    figure: `${run.errors} of ${run.count + run.dropped}`,
    target: '0',
    pass: run.errors === 0,
  });
  reportTarget({
    name: 'memory under the mix (PostgreSQL)',
    figure: `${peakMb.toFixed(0)} MB peak RSS`,
    target: '≤ 300 MB',
    pass: peakMb <= 300,
    baseline: `${idleMb.toFixed(0)} MB before load`,
    ratio: `${(peakMb / idleMb).toFixed(2)}x`,
  });
} finally {
  await stopServer(server);
}
