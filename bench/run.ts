/**
 * `npm run bench [name…]`: runs the benchmark scripts one after another (all but the optional ones
 * when none is named), then prints one summary table of every target they reported: each bench
 * prints `TARGET|…` lines (format in `bench/lib.ts`), the runner collects them from its output.
 * `lighthouse` needs Chromium and `scale` loads a million products, so they run only when named.
 *
 * The full run keeps under 15 minutes: unless set, it runs one round per scenario
 * (BENCH_ROUNDS=1). Flags (`--quick`) are passed to every bench.
 */
import { spawn } from 'node:child_process';
import { loadAverage, parseTarget, printTable } from './lib.ts';

const scenarios = ['platform', 'catalog', 'checkout', 'bundle-size', 'mix', 'pglite', 'memory'];
const optional = ['lighthouse', 'pay-code', 'scale'];
const named = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const flags = process.argv.slice(2).filter((arg) => arg.startsWith('--'));
const chosen = named.length > 0 ? named : scenarios;
for (const name of chosen) {
  if (!scenarios.includes(name) && !optional.includes(name)) {
    console.error(`unknown benchmark ${name}; known: ${[...scenarios, ...optional].join(', ')}`);
    process.exit(2);
  }
}
const env = named.length > 0 ? process.env : { BENCH_ROUNDS: '1', ...process.env };

/** Runs one bench, passing its output through, and returns its exit code and TARGET lines. */
function runBench(name: string): Promise<{ status: number; targets: string[][] }> {
  return new Promise((resolve) => {
    const child = spawn('node', [`bench/${name}.ts`, ...flags], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    const targets: string[][] = [];
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const fields = parseTarget(line);
        if (fields) targets.push(fields);
      }
    });
    child.on('close', (code) => {
      const last = parseTarget(pending);
      if (last) targets.push(last);
      resolve({ status: code ?? 1, targets });
    });
  });
}

const started = Date.now();
let failed = 0;
const rows: string[][] = [];
for (const name of chosen) {
  const { status, targets } = await runBench(name);
  if (status !== 0) failed += 1;
  for (const fields of targets) rows.push([name, ...fields]);
  if (targets.length === 0)
    rows.push([name, '(no target lines)', '-', '-', status === 0 ? 'ran' : 'FAILED', '-', '-', '-']);
}
console.log(`\nsummary (${((Date.now() - started) / 60_000).toFixed(1)} min; load average now ${loadAverage()})`);
printTable(['bench', 'target', 'figure', 'goal', 'result', 'baseline', 'ratio', 'load 1/5/15 min'], rows);
process.exit(failed ? 1 : 0);
