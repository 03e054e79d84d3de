/** Shared helpers for benchmark scripts: child servers, autocannon runs, printed tables. */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';

export const defaultDatabaseUrl = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface Measurement {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Servers this bench started: an interrupted bench (Ctrl-C, kill) must not leave them running. */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGTERM');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

/** Starts `node <script>` with env and waits until `url` answers (at most `timeoutMs`). */
export async function startServer(
  script: string,
  env: Record<string, string>,
  url: string,
  timeoutMs = 120_000,
): Promise<ChildProcess> {
  // Something else answering there (a server left over from an interrupted run) would be measured instead.
  if (
    await fetch(url).then(
      () => true,
      () => false,
    )
  ) {
    throw new Error(`${url} already answers before ${script} started: is the port taken?`);
  }
  const child = spawn('node', [...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean), script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`${script} did not answer ${url} in time`);
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export async function measure(
  name: string,
  url: string,
  options: { connections: number; seconds: number; warmupSeconds?: number },
): Promise<Measurement> {
  const run = (duration: number) =>
    autocannon({ url, connections: options.connections, duration, headers: { lang: 'en' } });
  if (options.warmupSeconds) await run(options.warmupSeconds);
  const result = await run(options.seconds);
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Prints each subject beside its baseline with throughput and p99 ratios. */
export function printComparison(title: string, rows: Array<{ subject: Measurement; baseline: Measurement }>): void {
  console.log(`\n${title}`);
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'vs baseline req/s', 'vs baseline p99'];
  const lines: string[][] = [];
  for (const { subject, baseline } of rows) {
    for (const m of [baseline, subject]) {
      lines.push([
        m.name,
        m.requestsPerSecond.toFixed(0),
        String(m.p50),
        String(m.p99),
        String(m.errors + m.non2xx),
        '',
        '',
      ]);
    }
    const last = lines[lines.length - 1];
    if (last) {
      last[5] = `${((subject.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(1)} %`;
      last[6] = `${(subject.p99 / Math.max(baseline.p99, 1)).toFixed(2)}x`;
    }
  }
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i]?.length ?? 0)));
  const format = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
  console.log(format(header));
  for (const line of lines) console.log(format(line));
}

/**
 * The summary line format shared by every bench: `npm run bench` collects the lines that start
 * with `TARGET|` from each bench's output and prints them as one table at the end.
 *
 *   TARGET|<name>|<figure>|<target>|<PASS or BELOW>|<baseline>|<ratio>|<load average>
 *
 * Fields are free text without `|`; baseline and ratio are `-` when the target has none.
 */
export interface TargetLine {
  name: string;
  figure: string;
  target: string;
  pass: boolean;
  baseline?: string;
  ratio?: string;
}

export const targetPrefix = 'TARGET|';

/** The 1-, 5- and 15-minute load averages, as `uptime` prints them: the machine is shared. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

export function formatTarget(line: TargetLine): string {
  const clean = (text: string | undefined) => (text ?? '-').replaceAll('|', '/');
  return [
    'TARGET',
    clean(line.name),
    clean(line.figure),
    clean(line.target),
    line.pass ? 'PASS' : 'BELOW',
    clean(line.baseline),
    clean(line.ratio),
    loadAverage(),
  ].join('|');
}

/** Prints one summary line (see the format above). */
export function reportTarget(line: TargetLine): void {
  console.log(formatTarget(line));
}

export function parseTarget(text: string): string[] | undefined {
  if (!text.startsWith(targetPrefix)) return undefined;
  const fields = text.trim().split('|').slice(1);
  return fields.length >= 7 ? fields : undefined;
}

/** Prints rows as an aligned text table. */
export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const format = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  console.log(format(header));
  for (const row of rows) console.log(format(row));
}

/** A database of this bench's own on the PostgreSQL of `baseUrl`, created empty; returns its URL. */
export async function freshDatabase(baseUrl: string, name: string): Promise<string> {
  if (!/^\w+$/.test(name)) throw new Error(`database name ${name}: letters, digits and _ only`);
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * CPU time (user + system) a process has used, in ms, from /proc (Linux); 0 when it is gone.
 * Per-work CPU (ms per request) is steadier on a shared machine than a rate: other work on the
 * cores slows a rate down but does not add to the CPU the measured processes themselves use.
 */
export async function cpuMilliseconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // Fields after the command name (which may hold spaces, so split after its closing parenthesis).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11] ?? 0) + Number(fields[12] ?? 0); // utime, stime (fields 14, 15)
  return (ticks * 1000) / clockTicksPerSecond;
}
/** USER_HZ: 100 on every Linux the bench runs on (`getconf CLK_TCK`). */
const clockTicksPerSecond = 100;

/** Resident memory of a process in MB, from /proc (Linux). */
export async function residentMegabytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kilobytes / 1024;
}

export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
