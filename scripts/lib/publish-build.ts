/**
 * Writes a server build into its output directory without pulling the floor from under a server
 * that runs from the previous build (docs/decisions/0016-server-memory.md, addendum).
 *
 * A running server has loaded `main.js` but imports its lazily loaded chunks (PGlite's client, the
 * OpenAPI docs, the mail transport...) from the same directory only on first use, by the hashed
 * names its own `main.js` holds. Emptying the directory before a rebuild would make that first use
 * fail with ERR_MODULE_NOT_FOUND in a server started from the old build. So:
 * - every file is written beside its final name and renamed over it (a reader sees the old or the
 *   new file, never half of one), the entry `main.js` last, once every chunk it imports is there;
 * - files of earlier builds are kept: their names hold a content hash, so they never collide with
 *   the new build's. They are deleted once no build has produced them for `supersededRetentionMs`
 *   (each build rewrites the files it produces, which refreshes their modification time).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** How long a file no build produces any more stays for servers started from an older build. */
export const supersededRetentionMs = 7 * 24 * 60 * 60 * 1000;

/** Temporary names carry this marker; one left behind by an interrupted build is removed later. */
const temporaryMarker = '.partial-';

export interface BuiltFile {
  /** Absolute path inside `outputDir`. */
  path: string;
  contents: Uint8Array;
}

/**
 * Publishes `files` into `outputDir`; `entry` (absolute path) is renamed into place last. Returns
 * the names of files of earlier builds it deleted.
 */
export async function publishBuild(
  outputDir: string,
  files: readonly BuiltFile[],
  entry: string,
  now: number = Date.now(),
): Promise<string[]> {
  await mkdir(outputDir, { recursive: true });
  const suffix = `${temporaryMarker}${process.pid}-${randomBytes(4).toString('hex')}`;
  const ordered = [...files].sort((a, b) => Number(a.path === entry) - Number(b.path === entry));
  for (const file of ordered) {
    if (path.dirname(file.path) !== outputDir) throw new Error(`${file.path} is not directly in ${outputDir}`);
    const temporary = `${file.path}${suffix}`;
    await writeFile(temporary, file.contents);
    await rename(temporary, file.path);
  }
  const produced = new Set(files.map((file) => path.basename(file.path)));
  const deleted: string[] = [];
  for (const name of await readdir(outputDir)) {
    if (produced.has(name)) continue;
    const full = path.join(outputDir, name);
    const info = await stat(full).catch(() => undefined);
    if (!info?.isFile()) continue;
    // A temporary file of a build that is still running is minutes old at most.
    const retention = name.includes(temporaryMarker) ? 60 * 60 * 1000 : supersededRetentionMs;
    if (now - info.mtimeMs <= retention) continue;
    await rm(full, { force: true });
    deleted.push(name);
  }
  return deleted;
}

/**
 * V8 keeps a script's source in memory for as long as the script lives (lazy compilation and
 * `Function.prototype.toString` need it), one byte per character if every character is Latin-1,
 * else two bytes per character for the whole script. esbuild's default ASCII charset escapes
 * strings, templates and identifiers but leaves regular-expression literals and comments as they
 * are, so one `/[ー]/` would double the bundle's resident source (3.5 MB → 7 MB). Escaping each
 * remaining UTF-16 code unit as `\uXXXX` keeps the meaning in a regular expression (with or
 * without the `u` flag, where an escaped surrogate pair still reads as one code point) and in a
 * comment. The source map's columns after such a character on the same line shift by 5 per
 * character: a small price for a regular expression or two.
 */
export function escapeNonAscii(code: string): string {
  // An identity escape (`\ー`, allowed without the `u` flag) means the character itself: its
  // backslash goes, or it would escape the new escape's own backslash.
  return code.replace(/(\\*)([\u0080-\uffff])/g, (_whole, backslashes: string, char: string) => {
    const kept = backslashes.length % 2 === 1 ? backslashes.slice(1) : backslashes;
    return `${kept}\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}
