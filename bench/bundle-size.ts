/**
 * `node bench/bundle-size.ts [--build]`: the JavaScript a first visit to /home downloads, gzip-compressed,
 * read from the Vite build manifest. Counted: the entry and its static imports, the /home screen chunk
 * and its static imports, and the locale chunks loaded before the first render: Japanese, the default
 * (complete, so the English fallback loads after the first render, `shared/i18n/i18n.ts`). Fails when the total is over the budget of issue 3 (150 KB).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const budgetKb = 150;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

if (process.argv.includes('--build') || !existsSync(manifestPath)) {
  const built = spawnSync('npm', ['run', 'build', '-w', '@crossmart/web'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('no entry chunk in the Vite manifest');

/** A chunk and everything it imports statically. */
function withStaticImports(key: string, into: Set<string>) {
  if (into.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`missing manifest chunk ${key}`);
  into.add(key);
  for (const imported of chunk.imports ?? []) withStaticImports(imported, into);
}

const firstLoad = [entryKey, 'src/features/catalog/pages/home-page.tsx', 'src/locales/jp.json'];
const keys = new Set<string>();
for (const key of firstLoad) withStaticImports(key, keys);

const rows = [...keys].map((key) => {
  const file = (manifest[key] as ManifestChunk).file;
  const bytes = readFileSync(path.join(dist, file));
  return { chunk: file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
});
rows.sort((a, b) => b.gzip - a.gzip);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
for (const row of rows) console.log(`${kb(row.gzip).padStart(7)} KB gzip  ${kb(row.raw).padStart(7)} KB  ${row.chunk}`);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
const zod = rows.some((row) => readFileSync(path.join(dist, row.chunk), 'utf8').includes('ZodError'));
console.log(
  `initial JS for /home: ${kb(total)} KB gzip in ${rows.length} chunks (budget ${budgetKb} KB, ${((total / 1024 / budgetKb) * 100).toFixed(0)} % of it)`,
);
console.log(`zod in the first load: ${zod ? 'yes' : 'no'}`);
if (total / 1024 > budgetKb) {
  console.error(`over budget by ${kb(total - budgetKb * 1024)} KB`);
  process.exit(1);
}
