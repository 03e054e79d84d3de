/**
 * `npm run test:reliability [-- --profile full|ci] [--seed N] [--parts A,C]`: the reliability
 * battery (races, crashes, fuzzing, authorization matrix, brute force, upload attacks, headers) on
 * PostgreSQL + Redis, then one table of figures. The `ci` profile is the subset `.ci/run` runs.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { ScenarioFigures } from '../apps/server/src/test/reliability/figures.ts';

const { values } = parseArgs({
  options: {
    profile: { type: 'string', default: 'ci' },
    seed: { type: 'string' },
    parts: { type: 'string', default: 'A,B,C,D,E,F,G' },
  },
});
if (values.profile !== 'ci' && values.profile !== 'full') {
  console.error('--profile is ci or full');
  process.exit(2);
}
const seed = values.seed ?? String(Date.now() % 2 ** 31);
const parts = values.parts.split(',').map((part) => part.trim().toUpperCase());
const folder = 'apps/server/src/test/reliability';
// Scenario files are named after their part: `a-races.rel.ts`, `d-authorization.rel.ts`…
const files = readdirSync(folder)
  .filter((file) => file.endsWith('.rel.ts') && parts.includes(file[0]?.toUpperCase() ?? ''))
  .sort()
  .map((file) => join(folder, file));
const figuresFile = join(mkdtempSync(join(tmpdir(), 'crossmart-reliability-')), 'figures.jsonl');

console.log(`reliability: profile ${values.profile}, seed ${seed}, parts ${parts.join('')}, ${files.length} files`);
const started = Date.now();
const result = spawnSync('vitest', ['run', '--config', 'vitest.reliability.config.ts', ...files], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    RELIABILITY_PROFILE: values.profile,
    RELIABILITY_SEED: seed,
    RELIABILITY_FIGURES_FILE: figuresFile,
  },
});

let rows: ScenarioFigures[] = [];
try {
  rows = readFileSync(figuresFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ScenarioFigures);
} catch {
  // No scenario reported (vitest failed before running one); the exit status says so.
}
const columns = ['part', 'scenario', 'operations', 'faults', 'inputs', 'failures'] as const;
const total: ScenarioFigures = { part: 'A', scenario: 'total', operations: 0, faults: 0, inputs: 0, failures: 0 };
for (const row of rows) {
  total.operations += row.operations;
  total.faults += row.faults;
  total.inputs += row.inputs;
  total.failures += row.failures;
}
console.log(`\n| ${columns.join(' | ')} |\n|${columns.map(() => '---').join('|')}|`);
for (const row of [...rows.sort((a, b) => a.part.localeCompare(b.part)), { ...total, part: '' }]) {
  console.log(`| ${columns.map((column) => String(row[column as keyof ScenarioFigures])).join(' | ')} |`);
}
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(
  `\n${rows.length} scenarios in ${minutes} min; replay with: npm run test:reliability -- --profile ${values.profile} --seed ${seed}`,
);
process.exit(result.status === 0 && total.failures === 0 ? 0 : 1);
