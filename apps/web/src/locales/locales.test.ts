import { getLanguage, type LanguageFile, languageFiles } from '@crossmart/contract/client';
import { checkLocale, flattenLocale, type LocaleTree, summarizeProblems } from '@crossmart/contract/locale-check';
import { describe, expect, it } from 'vitest';

/**
 * The translation gate (issue 16): every part of the shopper app and seller platform in all 34
 * languages, against English. A new key without its translations fails here; the failure lists
 * each language's problems compactly (locale-check.ts).
 */
type Files = Record<string, { default: LocaleTree }>;
const parts: Record<'main' | 'catalog' | 'forms' | 'admin', Files> = {
  main: import.meta.glob<{ default: LocaleTree }>('./*.json', { eager: true }),
  catalog: import.meta.glob<{ default: LocaleTree }>('./catalog/*.json', { eager: true }),
  forms: import.meta.glob<{ default: LocaleTree }>('./forms/*.json', { eager: true }),
  admin: import.meta.glob<{ default: LocaleTree }>('./admin/*.json', { eager: true }),
};

/** The admin console ships in these languages only and falls back to English elsewhere. */
const adminLanguages: readonly LanguageFile[] = ['en', 'jp', 'zh-cn'];
/** Until the admin texts have their own part (`locales/admin/`), they are these groups of forms/. */
const adminGroupsInForms = ['admin', 'adminService'];
const adminPartExists = Object.keys(parts.admin).length > 0;

function file(part: keyof typeof parts, language: string): LocaleTree | undefined {
  const prefix = part === 'main' ? './' : `./${part}/`;
  return parts[part][`${prefix}${language}.json`]?.default;
}

function pick(tree: LocaleTree, groups: readonly string[]): LocaleTree {
  return Object.fromEntries(Object.entries(tree).filter(([key]) => groups.includes(key)));
}

function gate(
  label: string,
  english: LocaleTree,
  translated: (language: LanguageFile) => LocaleTree | undefined,
  languages: readonly LanguageFile[],
  skipGroups: readonly string[] = [],
): string[] {
  return languages
    .filter((language) => language !== 'en')
    .flatMap((language) => {
      const tree = translated(language) ?? {};
      const problems = checkLocale(english, tree, {
        tag: getLanguage(language).tag,
        placeholders: 'i18next',
        skipGroups,
      });
      return summarizeProblems(`${language} ${label}`, problems, Object.keys(flattenLocale(tree)).length);
    });
}

function expectClean(lines: string[]) {
  if (lines.length > 0) expect.fail(`${lines.length} problem line(s):\n${lines.join('\n')}`);
}

describe('translation gate: web locale files (issue 16)', () => {
  for (const part of ['main', 'catalog', 'forms'] as const) {
    it(`${part}: all 34 languages have every English key, translated, with its placeholders and plural forms`, () => {
      const english = file(part, 'en');
      expect(english, `${part}/en.json`).toBeDefined();
      const skip = part === 'forms' && !adminPartExists ? adminGroupsInForms : [];
      expectClean(gate(part, english ?? {}, (language) => file(part, language), languageFiles, skip));
    });
  }

  it('admin: en, jp and zh-cn have every admin console key', () => {
    const englishForms = file('forms', 'en') ?? {};
    const lines = adminPartExists
      ? gate('admin', file('admin', 'en') ?? {}, (language) => file('admin', language), adminLanguages)
      : gate(
          'admin (forms)',
          pick(englishForms, adminGroupsInForms),
          (language) => pick(file('forms', language) ?? {}, adminGroupsInForms),
          adminLanguages,
        );
    expectClean(lines);
  });

  it('has no locale file for a language outside the table', () => {
    for (const part of ['main', 'catalog', 'forms', 'admin'] as const) {
      const names = Object.keys(parts[part]).map((path) => path.replace(/^.*\//, '').replace(/\.json$/, ''));
      expect(
        names.filter((name) => !(languageFiles as readonly string[]).includes(name)),
        part,
      ).toEqual([]);
    }
  });
});
