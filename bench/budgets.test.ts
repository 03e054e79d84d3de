import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type BudgetReport,
  budgetLines,
  budgetsKb,
  chunkCycles,
  firstScreenChunks,
  measureBuild,
  readManifest,
  totalGzip,
} from './budgets.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const manifest = path.join(dist, '.vite/manifest.json');

/** Whether a file under the web app's sources is newer than the build (scripts/ensure-built.ts's rule). */
function isStale(): boolean {
  if (!existsSync(manifest)) return true;
  const builtAt = statSync(manifest).mtimeMs;
  const newer = (target: string): boolean => {
    if (!existsSync(target)) return false;
    const stat = statSync(target);
    if (!stat.isDirectory()) return stat.mtimeMs > builtAt;
    return readdirSync(target).some((entry) => newer(path.join(target, entry)));
  };
  return [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/first-screens-chunk.ts',
    'packages/contract/src',
  ].some((source) => newer(path.join(root, source)));
}

let report: BudgetReport;
beforeAll(() => {
  // Builds only when the sources changed since the last build (about 30 s); otherwise reads it.
  if (isStale()) {
    // vitest sets NODE_ENV=test, which would make Vite build an unminified bundle: build as `npm start` does.
    const built = spawnSync('npm', ['run', 'build', '-w', '@crossmart/web'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production' },
      encoding: 'utf8',
    });
    if (built.status !== 0) throw new Error(`the web app does not build:\n${built.stdout}\n${built.stderr}`);
  }
  report = measureBuild(dist);
}, 600_000);

const kb = (bytes: number) => bytes / 1024;
/** Today 3–7 scripts and 2–4 stylesheets (it was 23–30 and 7–8 before ADR 0020). */
const firstScreenMaxFiles = { js: 8, css: 5 };

describe('phone budget (ADR 0014)', () => {
  it('first load of /home stays within its gzip JavaScript budget', () => {
    expect(kb(totalGzip(report.firstLoadJs))).toBeLessThanOrEqual(budgetsKb.firstLoadJs);
  });

  it('the buying journey stays within its budget and loads more than the first screen', () => {
    const journey = totalGzip(report.journeyJs);
    expect(kb(journey)).toBeLessThanOrEqual(budgetsKb.journeyJs);
    expect(journey).toBeGreaterThan(totalGzip(report.firstLoadJs));
  });

  it('first load CSS stays within its budget', () => {
    expect(report.firstLoadCss.length).toBeGreaterThan(0);
    expect(kb(totalGzip(report.firstLoadCss))).toBeLessThanOrEqual(budgetsKb.firstLoadCss);
  });

  it('keeps the schema library and the seller and admin areas out of the first load', () => {
    const firstLoad = report.firstLoadJs.map((row) => readFileSync(path.join(dist, row.file), 'utf8')).join('\n');
    expect(firstLoad).not.toContain('ZodError');
    expect(report.firstLoadJs.some((row) => /(seller|admin)-area/.test(row.file))).toBe(false);
  });

  it('no chunk imports itself through other chunks (ADR 0020: such a chunk can run before its imports)', () => {
    expect(chunkCycles(readManifest(dist))).toEqual([]);
  });

  it('/login, /bag and /detail each add a few chunks to the first load, not dozens (ADR 0020)', () => {
    const screens = firstScreenChunks(readManifest(dist));
    expect(Object.keys(screens)).toHaveLength(3);
    for (const [screen, files] of Object.entries(screens)) {
      expect(files.js.length, `${screen}: ${files.js.join(' ')}`).toBeLessThanOrEqual(firstScreenMaxFiles.js);
      expect(files.css.length, `${screen}: ${files.css.join(' ')}`).toBeLessThanOrEqual(firstScreenMaxFiles.css);
    }
  });

  it('index.html paints without a render-blocking request: the entry stylesheet inline, the app icon in #root (ADR 0023)', () => {
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    const [entryCss, ...more] = readManifest(dist)['index.html']?.css ?? [];
    if (!entryCss) throw new Error('the entry has a stylesheet');
    expect(more).toEqual([]);
    const inlined = html.match(/<style>([\s\S]*?)<\/style>/)?.[1];
    expect(inlined).toBe(readFileSync(path.join(dist, entryCss), 'utf8'));
    expect(html).toMatch(/<div id="root">\s*<div class="cm-boot-mark" aria-hidden="true">\s*<svg /);
  });

  it('reports OVER past a budget and PASS at it', () => {
    const file = (kbs: number) => [{ file: 'x', raw: 0, gzip: kbs * 1024 }];
    const grown = {
      firstLoadJs: file(budgetsKb.firstLoadJs),
      journeyJs: file(budgetsKb.journeyJs + 0.1),
      firstLoadCss: file(budgetsKb.firstLoadCss + 1),
    };
    expect(budgetLines(grown).map((line) => line.over)).toEqual([false, true, true]);
  });
});
