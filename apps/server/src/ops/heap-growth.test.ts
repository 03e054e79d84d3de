import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * A process that holds ~40 MB alive and promotes a steady stream of short-lived objects to the old
 * generation (as a server under load does): how large the old generation grows between full
 * collections, once the first has run, against what stays alive. Marking runs all at once when the
 * limit is reached (no incremental or concurrent marking), so what is measured is the limit V8 sets,
 * not how much more is allocated while a concurrent marking runs, which depends on the machine's load.
 */
const churn = `
import v8 from 'node:v8';
if (process.argv[1]) await import(process.argv[1]);
const oldSpace = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === 'old_space');
const live = Array.from({ length: 200_000 }, (_, i) => ({ i, text: 'live ' + i, list: [i, i + 1] }));
const ring = new Array(60_000);
const rounds = 3_000_000;
let liveMb = 0;
let largestLateMb = 0;
for (let n = 0; n < rounds; n++) {
  ring[n % ring.length] = { n, text: 'request ' + n, rows: [n, n + 1, n + 2] };
  if (n === rounds / 2) {
    globalThis.gc();
    liveMb = oldSpace().space_used_size / 2 ** 20;
  }
  if (n > rounds / 2 && n % 10_000 === 0) largestLateMb = Math.max(largestLateMb, oldSpace().space_size / 2 ** 20);
}
console.log(JSON.stringify({ held: live.length + ring.length, liveMb, largestLateMb }));
`;

const heapGrowthModule = fileURLToPath(new URL('./heap-growth.ts', import.meta.url));

/** Runs the churn with these node flags, after importing `module` when given. */
async function runChurn(nodeArgs: string[], module?: string) {
  const { stdout } = await promisify(execFile)(process.execPath, [
    '--max-semi-space-size=8',
    '--expose-gc',
    '--no-incremental-marking',
    '--no-concurrent-marking',
    ...nodeArgs,
    '--input-type=module',
    '-e',
    churn,
    ...(module ? [module] : []),
  ]);
  return JSON.parse(stdout) as { liveMb: number; largestLateMb: number };
}

describe('old generation growth (ADR 0016)', () => {
  it('stays within about 1.5x of the live heap where V8 would let it reach 4x', { timeout: 60_000 }, async () => {
    const bounded = await runChurn([], heapGrowthModule);
    // V8's own factor on a large machine, forced so the contrast does not depend on its speed estimates.
    const unbounded = await runChurn(['--heap-growing-percent=300']);
    expect(bounded.liveMb).toBeGreaterThan(30);
    // 1.5x, plus V8's minimum step and what the ring promotes before the collection.
    expect(bounded.largestLateMb).toBeLessThan(bounded.liveMb * 2.2);
    expect(unbounded.largestLateMb).toBeGreaterThan(unbounded.liveMb * 3);
  });
});
