/**
 * `node bench/lighthouse.ts [--build]`: Lighthouse 13, mobile form factor with simulated throttling
 * (its defaults: a mid-range phone on slow 4G), on /home, /detail/<first demo product>, /bag and
 * /login of the built app. Each page is measured twice in the same run:
 *
 * - **as served**: the browser's usual `Accept-Encoding`, so it gets brotli assets and answers;
 * - **uncompressed**: `Accept-Encoding: identity` sent by the browser, the baseline: what the phone
 *   downloaded before the server compressed anything.
 *
 * Printed per page: performance, accessibility and SEO scores, FCP, LCP, TBT, main-thread work, the bytes transferred by
 * the first load (Lighthouse's total byte weight: headers and bodies as they went over the wire),
 * with JavaScript, CSS and API answers apart, and the 1-minute load average (the machine is shared:
 * scores drop when it is busy).
 *
 * Starts its own server (demo data on PGlite in a temporary folder, port LH_PORT or 3761) unless
 * LH_BASE_URL names a running one. Needs Chromium: CHROME_PATH, default /usr/bin/chromium
 * (Debian: `apt-get install chromium`). LH_PAGES (comma list of paths) replaces the page list;
 * LH_VARIANTS=served skips the uncompressed baseline; WEB_DIST_DIR serves another build (a before/after).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startServer, stopServer } from './lib.ts';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface Audit {
  numericValue?: number;
  details?: {
    items?: Array<{ url: string; transferSize?: number; resourceSize?: number; resourceType?: string }>;
  };
}

/** A node of Lighthouse's critical request chains (`network-dependency-tree-insight`). */
interface ChainNode {
  url: string;
  children?: Record<string, ChainNode>;
}
interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, Audit>;
  runtimeError?: { code: string; message: string };
}

interface Row {
  page: string;
  variant: string;
  performance: number;
  accessibility: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  /** Main-thread work of the load (Lighthouse's `mainthread-work-breakdown`, at its 4× CPU slowdown). */
  mainThread: number;
  /** Requests of the load, and the depth of the longest critical request chain (document = 1). */
  requests: number;
  chainDepth: number;
  totalBytes: number;
  scriptBytes: number;
  styleBytes: number;
  apiBytes: number;
  load: string;
  /** Set when the row needed more than one Lighthouse run. */
  note?: string;
}

const loadAverage = () => os.loadavg()[0]?.toFixed(1) ?? '?';

async function lighthouse(url: string, variant: 'as served' | 'uncompressed', page: string): Promise<Row> {
  const bin = path.join(root, 'node_modules/.bin/lighthouse');
  const args = [
    url,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    '--form-factor=mobile',
    '--throttling-method=simulate',
    '--only-categories=performance,accessibility,seo',
    `--chrome-flags=${chromeFlags.join(' ')}`,
  ];
  if (variant === 'uncompressed') args.push(`--extra-headers=${JSON.stringify({ 'Accept-Encoding': 'identity' })}`);
  const load = loadAverage();
  const { stdout } = await run(bin, args, {
    env: { ...process.env, CHROME_PATH: chromePath },
    maxBuffer: 256 * 1024 * 1024,
  });
  const report = JSON.parse(stdout) as Report;
  if (report.runtimeError)
    throw new LighthouseRuntimeError(page, report.runtimeError.code, report.runtimeError.message);
  const score = (name: string) => Math.round((report.categories[name]?.score ?? 0) * 100);
  const items = report.audits['network-requests']?.details?.items ?? [];
  const bytesOf = (test: (item: (typeof items)[number]) => boolean) =>
    items.filter(test).reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return {
    page,
    variant,
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    fcp: report.audits['first-contentful-paint']?.numericValue ?? Number.NaN,
    lcp: report.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbt: report.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    mainThread: report.audits['mainthread-work-breakdown']?.numericValue ?? Number.NaN,
    requests: items.length,
    chainDepth: criticalChainDepth(report),
    totalBytes: report.audits['total-byte-weight']?.numericValue ?? Number.NaN,
    scriptBytes: bytesOf((item) => item.resourceType === 'Script'),
    styleBytes: bytesOf((item) => item.resourceType === 'Stylesheet'),
    apiBytes: bytesOf((item) => new URL(item.url).pathname.startsWith('/api/')),
    load: `${load}→${loadAverage()}`,
  };
}

/**
 * Round trips one after the other before the page settles: the depth of the deepest chain of
 * Lighthouse's network dependency tree. It does not depend on the machine's load, unlike the scores.
 */
function criticalChainDepth(report: Report): number {
  const depth = (node: ChainNode): number =>
    1 + Math.max(0, ...Object.values(node.children ?? {}).map((child) => depth(child)));
  const details = report.audits['network-dependency-tree-insight']?.details as
    | { items?: Array<{ value?: { chains?: Record<string, ChainNode> } }> }
    | undefined;
  const chains = details?.items?.flatMap((item) => Object.values(item.value?.chains ?? {})) ?? [];
  return Math.max(0, ...chains.map((chain) => depth(chain)));
}

/** Lighthouse finished but could not measure the page (e.g. `NO_NAVSTART`: a trace without its navigation start). */
class LighthouseRuntimeError extends Error {
  readonly code: string;
  constructor(page: string, code: string, message: string) {
    super(`${page}: ${code} ${message}`);
    this.code = code;
  }
}

/** The short reason of a failed run: Lighthouse's error code, or the last line it printed. */
function failureReason(error: unknown): string {
  if (error instanceof LighthouseRuntimeError) return error.code;
  const stderr = (error as { stderr?: unknown }).stderr;
  const printed = typeof stderr === 'string' ? stderr.trim().split('\n').at(-1) : undefined;
  return printed || String(error).split('\n')[0] || 'unknown error';
}

const attempts = Number(process.env.LH_ATTEMPTS ?? 3);

/**
 * Lighthouse's trace sometimes lacks the navigation start on a busy machine (`NO_NAVSTART`), or
 * Chromium fails to start: such a run says nothing about the page, so it is repeated (up to
 * LH_ATTEMPTS, default 3) and said so; a page that never measures is printed as such and the other
 * pages still run.
 */
async function lighthouseWithRetry(url: string, variant: 'as served' | 'uncompressed', page: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      const row = await lighthouse(url, variant, page);
      if (attempt > 1) row.note = `attempt ${attempt}`;
      return row;
    } catch (error) {
      const reason = failureReason(error);
      if (attempt >= attempts) {
        console.log(`${page} ${variant}: not measured after ${attempt} attempts (${reason})`);
        return undefined;
      }
      console.log(`${page} ${variant}: attempt ${attempt} failed (${reason}), retrying`);
    }
  }
}

/** The first product of the demo catalog, so /detail shows a real product. */
async function firstProductId(baseUrl: string): Promise<number> {
  const answer = (await (await fetch(`${baseUrl}/api/product/list`)).json()) as { data?: { list?: { id: number }[] } };
  const id = answer.data?.list?.[0]?.id;
  if (!id) throw new Error('the catalog has no product to open');
  return id;
}

function print(rows: Row[]) {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const header = [
    'page',
    'variant',
    'perf',
    'a11y',
    'seo',
    'FCP',
    'LCP',
    'TBT',
    'main thread',
    'transferred',
    'JS',
    'CSS',
    'API',
    'requests',
    'chain',
    'load',
  ];
  const lines = rows.map((row) => [
    row.page,
    row.variant,
    String(row.performance),
    String(row.accessibility),
    String(row.seo),
    s(row.fcp),
    s(row.lcp),
    `${row.tbt.toFixed(0)} ms`,
    `${row.mainThread.toFixed(0)} ms`,
    kb(row.totalBytes),
    kb(row.scriptBytes),
    kb(row.styleBytes),
    kb(row.apiBytes),
    String(row.requests),
    String(row.chainDepth),
    `${row.load}${row.note ? ` (${row.note})` : ''}`,
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i]?.length ?? 0)));
  const format = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
  console.log(`\n${format(header)}`);
  for (const line of lines) console.log(format(line));
  console.log('\nas served / uncompressed, transferred bytes of the first load:');
  for (const served of rows.filter((row) => row.variant === 'as served')) {
    const raw = rows.find((row) => row.page === served.page && row.variant === 'uncompressed');
    if (!raw) continue;
    console.log(
      `  ${served.page.padEnd(widths[0] ?? 0)}  ${kb(served.totalBytes)} / ${kb(raw.totalBytes)} = ${((served.totalBytes / raw.totalBytes) * 100).toFixed(0)} %`,
    );
  }
}

async function main() {
  if (!existsSync(chromePath))
    throw new Error(`no Chromium at ${chromePath} (CHROME_PATH; Debian: apt-get install chromium)`);
  let baseUrl = process.env.LH_BASE_URL?.replace(/\/$/, '');
  let server: ReturnType<typeof startServer> | undefined;
  let dataDir: string | undefined;
  if (!baseUrl) {
    // A build older than its sources would measure the wrong code: rebuilt when stale, as `npm start` does.
    if (process.argv.includes('--build')) await run('npm', ['run', 'build', '-w', '@crossmart/web'], { cwd: root });
    else await run(process.execPath, [path.join(root, 'scripts/ensure-built.ts')], { cwd: root });
    const port = process.env.LH_PORT ?? '3761';
    baseUrl = `http://127.0.0.1:${port}`;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'crossmart-lighthouse-'));
    const env = {
      // Not production: the demo seed is refused there (published passwords).
      HOST: '127.0.0.1',
      PORT: port,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    };
    // The demo seed (images included) takes minutes on a busy machine.
    server = startServer(path.join(root, 'apps/server/src/main.ts'), env, `${baseUrl}/api/health`, 600_000);
  }
  try {
    await server;
    const pages = process.env.LH_PAGES?.split(',') ?? [
      '/home',
      `/detail/${await firstProductId(baseUrl)}`,
      '/bag',
      '/login',
    ];
    console.log(`lighthouse on ${baseUrl}: ${pages.join(', ')}; ${os.cpus().length} cores, load ${loadAverage()}`);
    const rows: Row[] = [];
    for (const page of pages) {
      // Alternating the variants page by page keeps both under the same machine load.
      const variants =
        process.env.LH_VARIANTS === 'served' ? (['as served'] as const) : (['as served', 'uncompressed'] as const);
      for (const variant of variants) {
        const row = await lighthouseWithRetry(`${baseUrl}${page}`, variant, page);
        if (!row) continue;
        rows.push(row);
        console.log(
          `${page} ${variant}: performance ${row.performance}, accessibility ${row.accessibility}, LCP ${(row.lcp / 1000).toFixed(1)} s, TBT ${row.tbt.toFixed(0)} ms, main thread ${row.mainThread.toFixed(0)} ms, ${(row.totalBytes / 1024).toFixed(0)} KB, ${row.requests} requests, critical chain ${row.chainDepth} deep (load ${row.load})${row.note ? `, ${row.note}` : ''}`,
        );
      }
    }
    print(rows);
  } finally {
    const child = await server?.catch(() => undefined);
    if (child) await stopServer(child);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
