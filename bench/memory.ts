/**
 * `npm run bench memory`: the server's resident memory (RSS, from /proc) on PostgreSQL, idle and
 * after a product-list load, and its start-up time (spawn to first answer of /api/health), beside
 * baselines measured in the same run: the TypeScript sources with Node's default memory settings
 * (the server before ADR 0016), the sources with the deployed settings (before the build), and a
 * bare Fastify + pg server (bench/servers/bare-server.ts). Target: ≤ 150 MB idle (the ≤ 300 MB
 * under the load mix is printed by `npm run bench mix`). The embedded engine (PGlite) is printed
 * too, without a target.
 *
 * Env: DATABASE_URL, BENCH_MEMORY_PORT (3541; 3542 for the bare server), BENCH_MEMORY_DATABASE
 * (crossmart_perf_load_memory: dropped and created afresh).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  cpuMilliseconds,
  defaultDatabaseUrl,
  freshDatabase,
  loadAverage,
  measure,
  printTable,
  reportTarget,
  residentMegabytes,
  startServer,
  stopServer,
} from './lib.ts';
import { deployedRuntimeEnv, prepareCatalog, startApp } from './load-app.ts';

const port = Number(process.env.BENCH_MEMORY_PORT ?? 3541);
const catalogSize = { products: 10_000, shops: 100 };
const settleMs = 5000;

const databaseUrl = await freshDatabase(
  process.env.DATABASE_URL ?? defaultDatabaseUrl,
  process.env.BENCH_MEMORY_DATABASE ?? 'crossmart_perf_load_memory',
);
const dataRoot = await mkdtemp(path.join(os.tmpdir(), 'bench-memory-'));
console.log(`memory bench: loading ${catalogSize.products} products; load ${loadAverage()}`);
await prepareCatalog({ url: databaseUrl }, catalogSize);
await prepareCatalog({ dataDir: path.join(dataRoot, 'pglite') }, catalogSize);

const settle = () => new Promise((resolve) => setTimeout(resolve, settleMs));

/**
 * The two halves of RSS (/proc/PID/status): file-backed pages (Node's own binary, ~50 MB, and the
 * shared libraries: the same for every Node process, the bare server included) and anonymous ones
 * (V8's heap, malloc, stacks): what the server's own code and data cost.
 */
async function residentSplit(pid: number): Promise<{ file: number; anon: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const megabytes = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN) / 1024;
  return { file: megabytes('RssFile'), anon: megabytes('RssAnon') };
}

/**
 * Start-up time (spawn to first answer, polled every 250 ms; load dominates it on a shared machine)
 * and the CPU time the server used for it,
 * idle RSS a few seconds after start, then RSS after 10 s of the product list at 50 connections.
 */
async function profile(label: string, start: () => Promise<ChildProcess>, listUrl: string) {
  const spawned = performance.now();
  const server = await start();
  const startupMs = performance.now() - spawned;
  const startupCpuMs = await cpuMilliseconds(server.pid ?? 0);
  const startLoad = loadAverage();
  try {
    await settle();
    const idle = await residentMegabytes(server.pid ?? 0);
    const idleSplit = await residentSplit(server.pid ?? 0);
    const load = await measure(label, listUrl, { connections: 50, seconds: 10 });
    const afterLoad = await residentMegabytes(server.pid ?? 0);
    await settle();
    const settled = await residentMegabytes(server.pid ?? 0);
    return {
      label,
      startupMs,
      startupCpuMs,
      startLoad,
      idle,
      idleSplit,
      afterLoad,
      settled,
      rps: load.requestsPerSecond,
      load: loadAverage(),
    };
  } finally {
    await stopServer(server);
  }
}

const list = `http://127.0.0.1:${port}/api/product/list?sort=new`;
const tuned = await deployedRuntimeEnv();
// Node's defaults: no NODE_OPTIONS, glibc's arenas (the server as it ran before ADR 0016).
const defaults = Object.fromEntries(Object.keys(tuned).map((key) => [key, '']));
const rows = [
  await profile(
    'bare Fastify + pg (baseline)',
    () =>
      startServer(
        'bench/servers/bare-server.ts',
        { DATABASE_URL: databaseUrl, PORT: String(port + 1) },
        `http://127.0.0.1:${port + 1}/bare/health`,
      ),
    `http://127.0.0.1:${port + 1}/bare/languages`,
  ),
  await profile(
    'server sources, Node defaults (before 0016)',
    () => startApp({ url: databaseUrl }, port, defaults, 'sources'),
    list,
  ),
  await profile('server sources, deployed settings', () => startApp({ url: databaseUrl }, port, {}, 'sources'), list),
  await profile('server, as deployed (PostgreSQL)', () => startApp({ url: databaseUrl }, port), list),
  await profile('server, as deployed (PGlite)', () => startApp({ dataDir: path.join(dataRoot, 'pglite') }, port), list),
];
await rm(dataRoot, { recursive: true, force: true });

console.log(
  `\nstart-up to first answer (ms); resident memory (MB), idle ${settleMs / 1000} s after start, after 10 s of list load, and settled`,
);
printTable(
  [
    'server',
    'start-up ms',
    'its CPU ms',
    'load at start',
    'idle',
    'idle: anon + file',
    'after load',
    'settled',
    'req/s during load',
    'load 1/5/15',
  ],
  rows.map((row) => [
    row.label,
    row.startupMs.toFixed(0),
    row.startupCpuMs.toFixed(0),
    row.startLoad,
    row.idle.toFixed(0),
    `${row.idleSplit.anon.toFixed(0)} + ${row.idleSplit.file.toFixed(0)}`,
    row.afterLoad.toFixed(0),
    row.settled.toFixed(0),
    row.rps.toFixed(0),
    row.load,
  ]),
);
const [bare, before, sources, deployed, embedded] = rows;
if (!bare || !before || !sources || !deployed || !embedded) throw new Error('missing a profile');
reportTarget({
  name: 'memory idle (PostgreSQL)',
  figure: `${deployed.idle.toFixed(0)} MB RSS`,
  target: '≤ 150 MB',
  pass: deployed.idle <= 150,
  baseline: `before ${before.idle.toFixed(0)} MB, sources ${sources.idle.toFixed(0)} MB, bare ${bare.idle.toFixed(0)} MB (anonymous: ${deployed.idleSplit.anon.toFixed(0)} MB against the bare server's ${bare.idleSplit.anon.toFixed(0)})`,
  ratio: `${(deployed.idle / before.idle).toFixed(2)}x before, ${(deployed.idle / sources.idle).toFixed(2)}x sources`,
});
reportTarget({
  name: 'start-up to first answer (PostgreSQL)',
  figure: `${deployed.startupMs.toFixed(0)} ms, ${deployed.startupCpuMs.toFixed(0)} ms CPU (build)`,
  target: '≤ 5 s after SIGKILL (issue 18 B)',
  pass: deployed.startupMs <= 5000,
  baseline: `sources ${sources.startupMs.toFixed(0)} ms, ${sources.startupCpuMs.toFixed(0)} ms CPU`,
  ratio: `${(deployed.startupMs / sources.startupMs).toFixed(2)}x sources, CPU ${(deployed.startupCpuMs / sources.startupCpuMs).toFixed(2)}x`,
});
reportTarget({
  name: 'memory after list load (PostgreSQL)',
  figure: `${deployed.afterLoad.toFixed(0)} MB RSS`,
  target: '≤ 300 MB',
  pass: deployed.afterLoad <= 300,
  baseline: `before ${before.afterLoad.toFixed(0)} MB`,
  ratio: `${(deployed.afterLoad / before.afterLoad).toFixed(2)}x before`,
});
reportTarget({
  name: 'memory PGlite idle / after list load',
  figure: `${embedded.idle.toFixed(0)} / ${embedded.afterLoad.toFixed(0)} MB RSS`,
  target: 'reported',
  pass: true,
});
