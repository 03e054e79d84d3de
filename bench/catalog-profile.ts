/**
 * `node bench/catalog-profile.ts`: where the server's CPU goes for one catalog URL. Starts this
 * checkout's app (uncached, logging off) on the bench database, profiles this process with
 * node:inspector while autocannon (a child process, so its own work stays out of the profile)
 * loads the URL, and prints the functions with the most self time, in sampled µs per request.
 * Sampled figures carry the profiler's own overhead and the machine's load (ADR 0019 saw them run
 * ≈ 2.5× the real CPU at load 15): compare entries within one profile, not across machines.
 *
 * Needs the database bench/catalog.ts loads (BENCH_DB). Env: BENCH_URL (`/api/product/list`),
 * BENCH_SECONDS (10), BENCH_PORT (3233), BENCH_TOP (25), BENCH_PROFILE_OUT (also write the
 * .cpuprofile there, for Chrome DevTools).
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadCheckoutApp } from './catalog.ts';

const target = process.env.BENCH_URL ?? '/api/product/list';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 3233);
const top = Number(process.env.BENCH_TOP ?? 25);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { app, close } = await loadCheckoutApp(path.resolve(import.meta.dirname, '..'), {
  CATALOG_CACHE_MS: '0',
  MAX_EVENT_LOOP_DELAY_MS: '0',
});
await app.listen({ host: '127.0.0.1', port });
const url = `http://127.0.0.1:${port}${target}`;
const warm = await fetch(url, { headers: { lang: 'jp' } });
if (!warm.ok) throw new Error(`${target}: ${warm.status} ${(await warm.text()).slice(0, 300)}`);

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.start');
const loadBefore = os.loadavg()[0];
const bin = path.join(import.meta.dirname, '../node_modules/.bin/autocannon');
const { stdout } = await promisify(execFile)(bin, ['-c', '50', '-d', String(seconds), '-j', '-H', 'lang=jp', url], {
  maxBuffer: 64 * 1024 * 1024,
});
const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
session.disconnect();
const requests = (JSON.parse(stdout) as { requests: { total: number } }).requests.total;
if (process.env.BENCH_PROFILE_OUT) await writeFile(process.env.BENCH_PROFILE_OUT, JSON.stringify(profile));

// Self time: each sample's delta belongs to the node that was on top of the stack.
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const selfByFunction = new Map<string, number>();
profile.samples.forEach((id, index) => {
  const frame = nodes.get(id)?.callFrame;
  if (!frame) return;
  const where = frame.url ? `${frame.url.replace(/^.*\/(node_modules|apps)\//, '$1/')}:${frame.lineNumber + 1}` : '';
  const key = `${frame.functionName || '(anonymous)'} ${where}`.trim();
  selfByFunction.set(key, (selfByFunction.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0));
});
// Idle time is the process waiting (for PostgreSQL, for autocannon): not the server's cost.
const idle = selfByFunction.get('(idle)') ?? 0;
selfByFunction.delete('(idle)');
const busy = [...selfByFunction.values()].reduce((sum, value) => sum + value, 0);
console.log(
  `${target}: ${requests} requests in ${seconds} s, load ${loadBefore?.toFixed(1)} → ${os.loadavg()[0]?.toFixed(1)}; ` +
    `sampled busy ${(busy / requests).toFixed(0)} µs per request (idle ${(idle / requests).toFixed(0)}), top ${top} by self time ` +
    '(native socket writes, writev and writeUtf8String, include the system call):',
);
for (const [name, micros] of [...selfByFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(
    `${(micros / requests).toFixed(2).padStart(8)} µs  ${((micros / busy) * 100).toFixed(1).padStart(5)} %  ${name}`,
  );
}
await close();
process.exit(0);
