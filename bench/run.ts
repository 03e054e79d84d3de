/**
 * `npm run bench [name…]`: runs the benchmark scripts one after another (all but the optional ones
 * when none is named). `lighthouse` needs Chromium, so it runs only when named.
 */
import { spawnSync } from 'node:child_process';

const scenarios = ['platform', 'catalog', 'checkout', 'bundle-size'];
const optional = ['lighthouse', 'pay-code'];
const chosen = process.argv.length > 2 ? process.argv.slice(2) : scenarios;
let failed = 0;
for (const name of chosen) {
  if (!scenarios.includes(name) && !optional.includes(name)) {
    console.error(`unknown benchmark ${name}; known: ${[...scenarios, ...optional].join(', ')}`);
    process.exit(2);
  }
  const result = spawnSync('node', [`bench/${name}.ts`], { stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
