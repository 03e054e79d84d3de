/**
 * Compiles the server into plain JavaScript under apps/server/dist/ (docs/decisions/0016-server-memory.md):
 * our sources and the contract package become one ES module (plus a chunk per lazily imported
 * module), so production starts without Node's TypeScript stripper and without resolving and
 * loading hundreds of separate source files. npm packages stay external, loaded from node_modules
 * as before: several are native or WebAssembly (argon2, sharp, PGlite) or find files next to
 * themselves, which a bundle would break.
 *
 * Run by scripts/ensure-built.ts (npm start) and the Dockerfile; `node scripts/build-server.ts`.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { escapeNonAscii, publishBuild } from './lib/publish-build.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverDist = path.join(root, 'apps/server/dist');
export const serverEntry = path.join(serverDist, 'main.js');
/** What the build reads: a change in any of these makes ensure-built rebuild. */
export const serverSources = ['apps/server/src', 'packages/contract/src'];

/**
 * Packages loaded from node_modules at run time instead of being compiled in: native or
 * WebAssembly code, packages that read files next to themselves or start worker threads by path,
 * and those only loaded on first use (the bundle would load them all at start).
 */
const runtimePackages = [
  '@aws-sdk/',
  '@electric-sql/pglite',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  '@node-rs/argon2',
  'ioredis',
  'pg-native',
  'pino',
  'pino-pretty',
  'sharp',
  'thread-stream',
];
const isRuntimePackage = (specifier: string) =>
  runtimePackages.some((name) =>
    name.endsWith('/') ? specifier.startsWith(name) : specifier === name || specifier.startsWith(`${name}/`),
  );

const externalPackages: Plugin = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      isRuntimePackage(args.path) ? { path: args.path, external: true } : undefined,
    );
  },
};

/**
 * Our modules find their data files (migrations, messages, support texts, the repository root)
 * from import.meta.url. In the bundle that would be dist/main.js, so each module's
 * import.meta.url becomes its source file's URL, computed from the bundle's own location: the
 * files stay where they are and the built server works wherever the checkout or image puts it.
 */
const sourceLocation: Plugin = {
  name: 'source-location',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return { contents: source, loader: 'ts' };
      const relative = path.relative(serverDist, args.path).split(path.sep).join('/');
      const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/**
 * Builds into memory, then publishes beside the previous build (scripts/lib/publish-build.ts): a
 * server still running from that build keeps finding the chunks it has not loaded yet.
 */
export async function buildServer(): Promise<void> {
  const result = await build({
    entryPoints: {
      main: path.join(root, 'apps/server/src/main.ts'),
      // The embedded engine's thread (ADR 0022) starts from a file of its own.
      'embedded-worker': path.join(root, 'apps/server/src/db/embedded-worker.ts'),
    },
    outdir: serverDist,
    bundle: true,
    // Lazily imported modules (PGlite's client, the S3 store...) stay lazy: one chunk each.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    // Stack traces keep our file names with `node --enable-source-maps`.
    sourcemap: 'linked',
    // V8 holds every script's source for the life of the process: without comments and
    // indentation the bundle's is 3.5 MB instead of 5 (identifiers keep their names, below).
    minifyWhitespace: true,
    write: false,
    // Fastify plugins and our errors are identified by their names.
    keepNames: true,
    logLevel: 'warning',
    // CommonJS packages compiled into an ES module still call require() for Node's built-ins.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    plugins: [externalPackages, sourceLocation],
  });
  const files = result.outputFiles.map((file) => ({
    path: file.path,
    contents: file.path.endsWith('.js') ? Buffer.from(escapeNonAscii(file.text), 'utf8') : file.contents,
  }));
  await publishBuild(serverDist, files, serverEntry);
}

/** The newest modification time under `target` (0 when it does not exist). */
export function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Whether `built` is missing (first build) or older than any of `sources` (relative to the repository). */
export function buildState(built: string, sources: string[]): 'missing' | 'stale' | 'current' {
  if (!existsSync(built)) return 'missing';
  const changedAt = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
  return statSync(built).mtimeMs < changedAt ? 'stale' : 'current';
}

/** Builds the server when its build is missing or older than its sources; returns what it found. */
export async function ensureServerBuilt(): Promise<'missing' | 'stale' | 'current'> {
  const state = buildState(serverEntry, [...serverSources, 'scripts/build-server.ts', 'package-lock.json']);
  if (state !== 'current') await buildServer();
  return state;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServer();
  console.log(`server built: ${path.relative(root, serverEntry)}`);
}
