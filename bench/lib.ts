/** Shared helpers for benchmark scripts: child servers, autocannon runs, printed tables. */
import { type ChildProcess, spawn } from 'node:child_process';
import autocannon from 'autocannon';

export const defaultDatabaseUrl = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface Measurement {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Starts `node <script>` with env and waits until `url` answers (at most `timeoutMs`). */
export async function startServer(
  script: string,
  env: Record<string, string>,
  url: string,
  timeoutMs = 120_000,
): Promise<ChildProcess> {
  const child = spawn('node', [script], { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
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
