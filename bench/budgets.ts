/**
 * The phone budget (ADR 0014), read from a Vite build's manifest: the gzip bytes a shopper's browser
 * downloads for the first load of /home, for the buying journey, and the first load's CSS. Used by
 * `bench/bundle-size.ts` (prints the chunks) and `bench/budgets.test.ts` (fails `npm test` on growth).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Gzip KB (1024 bytes), the gates of `npm test`: exactly issue 19's targets (ADR 0014). The build
 * reaches 118.6 / 233.6 / 8.9 KB; a new first-screen library or a heavier journey fails the gate.
 */
export const budgetsKb = {
  firstLoadJs: 120,
  journeyJs: 250,
  firstLoadCss: 20,
} as const;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const homePage = 'src/features/catalog/pages/home-page.tsx';
/** React and the shell: the entry imports them dynamically (ADR 0018), index.html preloads them. */
const appStart = 'src/app/start-app.tsx';
/** The first screen's texts (Japanese, the default and complete: no English fallback before the first render). */
const firstLocale = 'src/locales/jp.json';
/** home → detail → bag → checkout → payment, with the text parts those screens load. */
const journeyPages = [
  homePage,
  'src/app/screens/detail-screen.tsx',
  'src/features/cart/pages/bag-page.tsx',
  'src/features/checkout/pages/checkout-page.tsx',
  'src/features/checkout/pages/payment-page.tsx',
];
const journeyLocales = [firstLocale, 'src/locales/catalog/jp.json', 'src/locales/forms/jp.json'];

export interface FileSize {
  file: string;
  raw: number;
  gzip: number;
}

export interface BudgetReport {
  firstLoadJs: FileSize[];
  journeyJs: FileSize[];
  firstLoadCss: FileSize[];
}

export const totalGzip = (files: readonly FileSize[]) => files.reduce((sum, file) => sum + file.gzip, 0);

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** Measures a build (`apps/web/dist`). */
export function measureBuild(dist: string): BudgetReport {
  const manifest = readManifest(dist);
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('no entry chunk in the Vite manifest');
  const chunk = (key: string) => {
    const found = manifest[key];
    if (!found) throw new Error(`missing manifest chunk ${key}`);
    return found;
  };
  /** A chunk and everything it imports statically: what the browser fetches to run it. */
  const withStaticImports = (key: string, into: Set<string>) => {
    if (into.has(key)) return into;
    into.add(key);
    for (const imported of chunk(key).imports ?? []) withStaticImports(imported, into);
    return into;
  };

  const firstKeys = new Set<string>();
  for (const key of [entry, appStart, homePage, firstLocale]) withStaticImports(key, firstKeys);

  // The journey's screens and what they load on their own (pull-to-refresh, pay dialog…) except the
  // image viewer, which only a tap on the gallery opens.
  const journeyKeys = new Set<string>(firstKeys);
  for (const page of journeyPages) {
    withStaticImports(page, journeyKeys);
    for (const lazy of chunk(page).dynamicImports ?? []) {
      if (!lazy.includes('image-viewer')) withStaticImports(lazy, journeyKeys);
    }
  }
  for (const locale of journeyLocales) withStaticImports(locale, journeyKeys);

  const sizes = new Map<string, FileSize>();
  const sizeOf = (file: string): FileSize => {
    let size = sizes.get(file);
    if (!size) {
      const bytes = readFileSync(path.join(dist, file));
      size = { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
      sizes.set(file, size);
    }
    return size;
  };
  const js = (keys: Set<string>) => [...keys].map((key) => sizeOf(chunk(key).file)).sort((a, b) => b.gzip - a.gzip);
  const css = [...new Set([...firstKeys].flatMap((key) => chunk(key).css ?? []))].map(sizeOf);
  return { firstLoadJs: js(firstKeys), journeyJs: js(journeyKeys), firstLoadCss: css };
}

/** The screens a first visit opens besides /home (ADR 0020); /bag without a session shows the login screen. */
const firstScreens = {
  login: 'src/features/auth/pages/login-page.tsx',
  bag: 'src/features/cart/pages/bag-page.tsx',
  detail: 'src/app/screens/detail-screen.tsx',
};

/**
 * The files each of those screens loads on top of the entry and the shell (the screen's chunk and
 * its static imports, with their styles): one request each, six at a time over HTTP/1.1.
 */
export function firstScreenChunks(manifest: Manifest): Record<string, { js: string[]; css: string[] }> {
  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key)) return into;
    into.add(key);
    for (const imported of manifest[key]?.imports ?? []) closure(imported, into);
    return into;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('no entry chunk in the Vite manifest');
  const shell = closure(appStart, closure(entry));
  const shellCss = new Set([...shell].flatMap((key) => manifest[key]?.css ?? []));
  return Object.fromEntries(
    Object.entries(firstScreens).map(([screen, page]) => {
      const keys = [...closure(page)].filter((key) => !shell.has(key));
      const css = new Set(keys.flatMap((key) => manifest[key]?.css ?? []).filter((file) => !shellCss.has(file)));
      return [screen, { js: keys.map((key) => manifest[key]?.file ?? key), css: [...css] }];
    }),
  );
}

/** Chunks that import themselves through other chunks (`a -> b -> a`): rolldown may run one before its imports. */
export function chunkCycles(manifest: Manifest): string[] {
  const state = new Map<string, 'visiting' | 'done'>();
  const cycles: string[] = [];
  const visit = (key: string, path: string[]) => {
    if (state.get(key) === 'done') return;
    if (state.get(key) === 'visiting') {
      cycles.push([...path.slice(path.indexOf(key)), key].map((item) => manifest[item]?.file ?? item).join(' -> '));
      return;
    }
    state.set(key, 'visiting');
    for (const imported of manifest[key]?.imports ?? []) visit(imported, [...path, key]);
    state.set(key, 'done');
  };
  for (const key of Object.keys(manifest)) visit(key, []);
  return cycles;
}

/** One line per budget: figure, budget, share and PASS or OVER. */
export function budgetLines(report: BudgetReport): { line: string; over: boolean }[] {
  const rows = [
    ['first load of /home, JS', totalGzip(report.firstLoadJs), budgetsKb.firstLoadJs, report.firstLoadJs.length],
    [
      'home → detail → bag → checkout → payment, JS',
      totalGzip(report.journeyJs),
      budgetsKb.journeyJs,
      report.journeyJs.length,
    ],
    ['first load of /home, CSS', totalGzip(report.firstLoadCss), budgetsKb.firstLoadCss, report.firstLoadCss.length],
  ] as const;
  return rows.map(([name, bytes, budget, files]) => {
    const kb = bytes / 1024;
    const over = kb > budget;
    return {
      line: `${name}: ${kb.toFixed(1)} KB gzip in ${files} files (budget ${budget} KB, ${((kb / budget) * 100).toFixed(0)} %) ${over ? 'OVER' : 'PASS'}`,
      over,
    };
  });
}
