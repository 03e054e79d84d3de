/**
 * `node bench/bundle-size.ts [--build]` (builds when the web build is older than its sources): the phone budget of ADR 0014, read from the Vite build
 * manifest (`bench/budgets.ts`): the gzip JavaScript of the first visit to /home (the entry and its
 * static imports, the /home screen and the Japanese texts: the default language is complete, so the
 * English fallback loads after the first render), the buying journey home → detail → bag → checkout
 * → payment, and the first load's CSS. Prints the first load's chunks; exits 1 over a budget
 * (`npm test` checks the same in bench/budgets.test.ts).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { budgetLines, measureBuild } from './budgets.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');

// A build older than its sources would measure the wrong code: rebuild it when stale, as `npm start` does.
const built = process.argv.includes('--build')
  ? spawnSync('npm', ['run', 'build', '-w', '@crossmart/web'], { cwd: root, stdio: 'inherit' })
  : spawnSync(process.execPath, [path.join(root, 'scripts/ensure-built.ts')], { cwd: root, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

const report = measureBuild(dist);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
for (const row of report.firstLoadJs) {
  console.log(`${kb(row.gzip).padStart(7)} KB gzip  ${kb(row.raw).padStart(7)} KB  ${row.file}`);
}
for (const row of report.firstLoadCss) {
  console.log(`${kb(row.gzip).padStart(7)} KB gzip  ${kb(row.raw).padStart(7)} KB  ${row.file}`);
}
const zod = report.firstLoadJs.some((row) => readFileSync(path.join(dist, row.file), 'utf8').includes('ZodError'));
const lines = budgetLines(report);
for (const { line } of lines) console.log(line);
console.log(`zod in the first load: ${zod ? 'yes' : 'no'}`);
if (lines.some((line) => line.over)) process.exit(1);
