import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getLanguage, languageFiles } from '@crossmart/contract';
import { checkLocale, flattenLocale, type LocaleTree, summarizeProblems } from '@crossmart/contract/locale-check';
import { describe, expect, it } from 'vitest';

/**
 * The translation gate for server messages (issue 16): all 34 languages have every English
 * message, translated, with the same `{name}` parameters. The failure lists each language's
 * problems compactly.
 */
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'messages');
const read = (language: string): LocaleTree | undefined => {
  try {
    return JSON.parse(readFileSync(path.join(dir, `${language}.json`), 'utf8')) as LocaleTree;
  } catch {
    return undefined;
  }
};

describe('translation gate: server messages (issue 16)', () => {
  it('all 34 languages have every English message, translated, with its parameters', () => {
    const english = read('en') ?? {};
    const lines = languageFiles
      .filter((language) => language !== 'en')
      .flatMap((language) => {
        const tree = read(language) ?? {};
        const problems = checkLocale(english, tree, { tag: getLanguage(language).tag, placeholders: 'server' });
        return summarizeProblems(`${language} messages`, problems, Object.keys(flattenLocale(tree)).length);
      });
    if (lines.length > 0) expect.fail(`${lines.length} problem line(s):\n${lines.join('\n')}`);
  });

  it('has no catalogue for a language outside the table', () => {
    const names = readdirSync(dir).map((name) => name.replace(/\.json$/, ''));
    expect(names.filter((name) => !(languageFiles as readonly string[]).includes(name))).toEqual([]);
  });
});
