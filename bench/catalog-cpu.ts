/**
 * `node bench/catalog-cpu.ts`: CPU time per product-list request, without sockets, for this
 * checkout's app, a bare Fastify + pg route running the same SQL and, with BENCH_COMPARE_DIR,
 * another checkout's app, all in one process, in alternating rounds (median reported). Requests are
 * injected (light-my-request) 50 at a time, so the kernel's socket work, which swings with other
 * processes' load, is left out; the pool still talks to PostgreSQL. It is a before/after tool for
 * the server's own per-request work, beside bench/catalog.ts's req/s over real connections.
 * It cannot see how headers are written: light-my-request's response always holds a header of its
 * own, so Node merges the reply's headers one by one on every injected answer, whereas over a
 * socket an answer whose headers all live in the reply takes writeHead's single pass (ADR 0019).
 *
 * Needs the database bench/catalog.ts loads (BENCH_DB, default `crossmart_bench`). Env: DATABASE_URL,
 * BENCH_DB, BENCH_URL (default `/api/product/list`), BENCH_REQUESTS (4000 per round),
 * BENCH_ROUNDS (7), BENCH_COMPARE_DIR (a checkout with a node_modules that fits it).
 */
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { benchUrl, loadCheckoutApp } from './catalog.ts';

const target = process.env.BENCH_URL ?? '/api/product/list';
const perRound = Number(process.env.BENCH_REQUESTS ?? 4000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
const compareDir = process.env.BENCH_COMPARE_DIR ? path.resolve(process.env.BENCH_COMPARE_DIR) : undefined;
const batch = 50;

type Injectable = Pick<FastifyInstance, 'inject'>;

/** The app of a checkout (bench/catalog.ts's loader), uncached, logging off. */
async function appOf(dir: string): Promise<Injectable> {
  const { app } = await loadCheckoutApp(dir, {
    CATALOG_CACHE_MS: '0',
    // Rounds back to back block the event loop for a while: no 503 from under-pressure here.
    MAX_EVENT_LOOP_DELAY_MS: '0',
  });
  await app.ready();
  return app;
}

/** The SQL the app sends for `target`, recorded from any pool while one request runs. */
async function recordQuery(app: Injectable) {
  const original = pg.Pool.prototype.query;
  let recorded: { text: string; values: unknown[]; name?: string } | undefined;
  Object.assign(pg.Pool.prototype, {
    query(this: pg.Pool, config: { text: string; name?: string; values?: unknown[] }, values?: unknown[]) {
      recorded ??= { text: config.text, values: values ?? config.values ?? [], name: config.name };
      return (original as (config: unknown, values?: unknown[]) => Promise<unknown>).call(this, config, values);
    },
  });
  try {
    const answer = await app.inject({ url: target, headers: { lang: 'jp' } });
    if (answer.json().code !== 1 || !recorded) throw new Error(`${target}: ${answer.body.slice(0, 300)}`);
    return recorded;
  } finally {
    Object.assign(pg.Pool.prototype, { query: original });
  }
}

async function bareRoute(query: { text: string; values: unknown[]; name?: string }): Promise<Injectable> {
  const pool = new pg.Pool({ connectionString: benchUrl.toString(), max: 20 });
  const bare = Fastify({ logger: false });
  bare.get(target.split('?')[0] ?? '/', async () => ({ code: 1, msg: 'ok', data: [(await pool.query(query)).rows] }));
  await bare.ready();
  return bare;
}

/** CPU µs of this process per request over one round; a non-200 answer stops the bench. */
async function round(app: Injectable): Promise<number> {
  const before = process.cpuUsage();
  for (let sent = 0; sent < perRound; sent += batch) {
    const answers = await Promise.all(
      Array.from({ length: batch }, () => app.inject({ url: target, headers: { lang: 'jp' } })),
    );
    const failed = answers.find((answer) => answer.statusCode !== 200);
    if (failed) throw new Error(`answered ${failed.statusCode}: ${failed.body.slice(0, 300)}`);
  }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / perRound;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const app = await appOf(path.resolve(import.meta.dirname, '..'));
const subjects: [string, Injectable][] = [
  ['bare', await bareRoute(await recordQuery(app))],
  ['app', app],
  ...(compareDir ? [['compared app', await appOf(compareDir)] as [string, Injectable]] : []),
];
const figures = new Map<string, number[]>(subjects.map(([name]) => [name, []]));
for (const [, subject] of subjects) await round(subject);
for (let index = 0; index < rounds; index++) {
  for (const [name, subject] of subjects) figures.get(name)?.push(await round(subject));
  const line = subjects.map(([name]) => `${name} ${figures.get(name)?.at(-1)?.toFixed(0)} µs`).join(', ');
  console.log(`round ${index + 1}: ${line} | load ${os.loadavg()[0]?.toFixed(1)}`);
}
const bare = median(figures.get('bare') ?? []);
console.log(`\n${target}: median CPU per injected request (bare/subject = its efficiency against bare)`);
for (const [name] of subjects) {
  const value = median(figures.get(name) ?? []);
  console.log(
    `${name.padEnd(14)} ${value.toFixed(0).padStart(5)} µs  bare/${name} ${((bare / value) * 100).toFixed(0)} %`,
  );
}
process.exit(0);
