import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { escapeNonAscii, publishBuild, supersededRetentionMs } from '../scripts/lib/publish-build.ts';

/**
 * A rebuild while a server runs from the previous build (scripts/lib/publish-build.ts): the old
 * build's chunks, which that server imports on first use, must still be there afterwards.
 */
let dir = '';
const file = (name: string, text: string) => ({ path: path.join(dir, name), contents: Buffer.from(text) });
const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'crossmart-publish-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('publishing a server build', () => {
  it("keeps the previous build's chunks: a server running it can still import them", async () => {
    await publishBuild(
      dir,
      [file('main.js', 'import("./pglite-OLD.js")'), file('pglite-OLD.js', 'old')],
      path.join(dir, 'main.js'),
    );
    const deleted = await publishBuild(
      dir,
      [file('main.js', 'import("./pglite-NEW.js")'), file('pglite-NEW.js', 'new')],
      path.join(dir, 'main.js'),
    );
    expect(deleted).toEqual([]);
    expect((await readdir(dir)).sort()).toEqual(['main.js', 'pglite-NEW.js', 'pglite-OLD.js']);
    expect(await readFile(path.join(dir, 'pglite-OLD.js'), 'utf8')).toBe('old');
    expect(await readFile(path.join(dir, 'main.js'), 'utf8')).toBe('import("./pglite-NEW.js")');
  });

  it('deletes a file no build has produced for longer than the retention, and leftovers of an interrupted build', async () => {
    await writeFile(path.join(dir, 'pglite-ANCIENT.js'), 'ancient');
    await utimes(path.join(dir, 'pglite-ANCIENT.js'), daysAgo(8), daysAgo(8));
    await writeFile(path.join(dir, 'pglite-RECENT.js'), 'recent');
    await utimes(path.join(dir, 'pglite-RECENT.js'), daysAgo(6), daysAgo(6));
    await writeFile(path.join(dir, 'main.js.partial-1-abcd'), 'half');
    await utimes(path.join(dir, 'main.js.partial-1-abcd'), daysAgo(1), daysAgo(1));
    // Produced again by this build: rewritten, so its age starts anew.
    await writeFile(path.join(dir, 'chunk-SAME.js'), 'same');
    await utimes(path.join(dir, 'chunk-SAME.js'), daysAgo(30), daysAgo(30));

    const deleted = await publishBuild(
      dir,
      [file('main.js', 'main'), file('chunk-SAME.js', 'same')],
      path.join(dir, 'main.js'),
    );
    expect(deleted.sort()).toEqual(['main.js.partial-1-abcd', 'pglite-ANCIENT.js']);
    expect((await readdir(dir)).sort()).toEqual(['chunk-SAME.js', 'main.js', 'pglite-RECENT.js']);
    expect(supersededRetentionMs).toBe(7 * 24 * 60 * 60 * 1000);
  });
});

describe("the image's server-build stage", () => {
  it('copies every script module the build imports', async () => {
    const root = path.resolve(import.meta.dirname, '..');
    const dockerfile = await readFile(path.join(root, 'Dockerfile'), 'utf8');
    const stage = dockerfile.slice(dockerfile.indexOf('AS server-build'), dockerfile.indexOf('AS runtime-deps'));
    const copied = [...stage.matchAll(/^COPY (scripts\/\S+\.ts) /gm)].map((match) => match[1]);
    const needed: string[] = [];
    const visit = async (relative: string) => {
      if (needed.includes(relative)) return;
      needed.push(relative);
      const source = await readFile(path.join(root, relative), 'utf8');
      for (const [, specifier] of source.matchAll(/from '(\.{1,2}\/[^']+\.ts)'/g)) {
        await visit(path.posix.join(path.posix.dirname(relative), specifier ?? ''));
      }
    };
    await visit('scripts/build-server.ts');
    expect(needed).toContain('scripts/lib/publish-build.ts');
    expect(copied.sort()).toEqual(needed.sort());
  });
});

describe('escaping what esbuild leaves outside ASCII', () => {
  const evaluate = (code: string) => new Function(`return ${code}`)() as unknown;

  it('keeps a regular expression matching the same text, with and without the u flag', () => {
    const sources = ['/[ー々〆]+/gu', '/[ー々〆]+/g', '/😀+/u', '/\\ー/', '/[\\p{Script=Han}ー]+/u'];
    for (const source of sources) {
      const escaped = escapeNonAscii(source);
      expect(escaped).toMatch(/^[\x20-\x7e]*$/);
      const [original, rewritten] = [evaluate(source), evaluate(escaped)] as [RegExp, RegExp];
      expect(rewritten.flags).toBe(original.flags);
      for (const text of ['ーー々', 'x〆y', '😀😀', '漢字ー', 'abc']) {
        expect(text.match(rewritten)).toEqual(text.match(original));
      }
    }
  });

  it('leaves ASCII untouched and escapes comments harmlessly', () => {
    expect(escapeNonAscii('const a = "\\u00e9"; // café\n')).toBe('const a = "\\u00e9"; // caf\\u00e9\n');
    expect(escapeNonAscii('plain')).toBe('plain');
  });
});
