/**
 * The translation gate (issue 16): compares one language's texts with English. Pure, so that the
 * web's locale test and the server's catalogue test apply the same rules; the allow-list of values
 * that may stay English is `locale-allow-list.json` beside this file.
 */
import allowList from './locale-allow-list.json' with { type: 'json' };

export type LocaleTree = { [key: string]: string | LocaleTree };

export interface LocaleCheckOptions {
  /** BCP 47 tag of the language (for Intl.PluralRules and the per-language allow-list). */
  tag: string;
  /** `{{name}}` for i18next files, `{name}` for the server's catalogues. */
  placeholders: 'i18next' | 'server';
  /** Top-level groups English has that this language need not have (admin console texts). */
  skipGroups?: readonly string[];
}

export interface LocaleProblems {
  missing: string[];
  empty: string[];
  /** Keys whose placeholders differ from English (`key: {{a}} ≠ {{b}}`). */
  placeholders: string[];
  /** Plural keys not matching the language's Intl.PluralRules categories (`key: has one,other; needs other`). */
  plurals: string[];
  /** Values identical to English and not on the allow-list. */
  untranslated: string[];
  /** Keys English does not have (typos, renamed keys). */
  extra: string[];
}

const pluralSuffix = /_(zero|one|two|few|many|other)$/;

export function flattenLocale(
  tree: LocaleTree,
  prefix = '',
  into: Record<string, string> = {},
): Record<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into[full] = value;
    else flattenLocale(value, full, into);
  }
  return into;
}

export function pluralCategories(tag: string): string[] {
  return [...new Intl.PluralRules(tag).resolvedOptions().pluralCategories].sort();
}

function placeholdersOf(value: string, style: LocaleCheckOptions['placeholders']): string[] {
  const pattern = style === 'i18next' ? /\{\{\s*([\w.]+)[^}]*\}\}|<\/?(\d+)\/?>|\$t\(([^)]+)\)/g : /\{(\w+)\}/g;
  return [...value.matchAll(pattern)].map((m) => m[0].replace(/\s+/g, '')).sort();
}

const globalAllowed = new Set(allowList.values.map((v) => v.toLowerCase()));

/**
 * A value may equal English when it has no words (symbols, placeholders, figures), is a code
 * (no lower-case letter: "OK", "USDT", "TRC20"), or is on the allow-list (brands), globally or for
 * this language.
 */
export function mayStayEnglish(value: string, tag: string): boolean {
  const words = value
    .replace(/\{\{[^}]*\}\}|\{\w+\}|<\/?\d+\/?>/g, '')
    .replace(/[^\p{L}]+/gu, ' ')
    .trim();
  if (!words || !/\p{Ll}/u.test(words)) return true;
  const text = value.trim().toLowerCase();
  if (globalAllowed.has(text)) return true;
  const base = tag.split('-')[0] ?? tag;
  const own = (allowList.perLanguage as Record<string, string[] | undefined>)[tag] ?? [];
  const ofBase = (allowList.perLanguage as Record<string, string[] | undefined>)[base] ?? [];
  return [...own, ...ofBase].some((v) => v.toLowerCase() === text);
}

/** Every way `translated` differs from `english` under the gate's rules. */
export function checkLocale(english: LocaleTree, translated: LocaleTree, options: LocaleCheckOptions): LocaleProblems {
  const skip = new Set(options.skipGroups ?? []);
  const inScope = (key: string) => !skip.has(key.split('.')[0] ?? key);
  const en = Object.fromEntries(Object.entries(flattenLocale(english)).filter(([k]) => inScope(k)));
  const tr = Object.fromEntries(Object.entries(flattenLocale(translated)).filter(([k]) => inScope(k)));
  const categories = pluralCategories(options.tag);
  const problems: LocaleProblems = {
    missing: [],
    empty: [],
    placeholders: [],
    plurals: [],
    untranslated: [],
    extra: [],
  };

  // English plural groups (`foo_one`/`foo_other` → `foo`) against the language's own categories.
  const pluralBases = new Set(
    Object.keys(en)
      .filter((k) => pluralSuffix.test(k))
      .map((k) => k.replace(pluralSuffix, '')),
  );
  const expected = new Map<string, string>(); // translated key → English key it answers to
  for (const key of Object.keys(en)) {
    const base = key.replace(pluralSuffix, '');
    if (pluralSuffix.test(key) && pluralBases.has(base)) {
      for (const category of categories) expected.set(`${base}_${category}`, `${base}_other`);
    } else expected.set(key, key);
  }

  for (const base of pluralBases) {
    const present = Object.keys(tr)
      .filter((k) => k.replace(pluralSuffix, '') === base && pluralSuffix.test(k))
      .map((k) => k.slice(base.length + 1))
      .sort();
    if (present.length > 0 && present.join() !== categories.join()) {
      problems.plurals.push(`${base}: has ${present.join(',')}; needs ${categories.join(',')}`);
    }
  }

  for (const [key, source] of expected) {
    const value = tr[key];
    const englishValue = en[key] ?? en[source] ?? '';
    if (value === undefined) {
      // A plural group wholly absent counts once, as its base key.
      const base = key.replace(pluralSuffix, '');
      const isPlural = pluralBases.has(base) && pluralSuffix.test(key);
      const groupPresent = isPlural && Object.keys(tr).some((k) => k.replace(pluralSuffix, '') === base);
      if (!groupPresent) {
        const name = isPlural ? base : key;
        if (!problems.missing.includes(name)) problems.missing.push(name);
      }
      continue;
    }
    if (!value.trim()) {
      problems.empty.push(key);
      continue;
    }
    const want = placeholdersOf(en[source] ?? '', options.placeholders);
    let have = placeholdersOf(value, options.placeholders);
    // "one day" / "two days" need no figure in many languages: `count` is optional in those forms.
    const optionalCount = /_(zero|one|two)$/.test(key);
    const withoutCount = (list: string[]) => list.filter((p) => !/^\{\{count\b/.test(p));
    if (optionalCount) have = withoutCount(have);
    const compareWant = optionalCount ? withoutCount(want) : want;
    if (have.join(' ') !== compareWant.join(' ')) {
      problems.placeholders.push(`${key}: ${have.join(' ') || '∅'} ≠ ${compareWant.join(' ') || '∅'}`);
    }
    if (value.trim() === englishValue.trim() && !mayStayEnglish(value, options.tag)) {
      problems.untranslated.push(key);
    }
  }

  for (const key of Object.keys(tr)) {
    const base = key.replace(pluralSuffix, '');
    if (!expected.has(key) && !(pluralBases.has(base) && pluralSuffix.test(key))) problems.extra.push(key);
  }
  return problems;
}

/** One line per kind of problem, at most `limit` keys each: the gate's failure message. */
export function summarizeProblems(
  label: string,
  problems: LocaleProblems,
  translatedKeys: number,
  limit = 6,
): string[] {
  const lines: string[] = [];
  const list = (keys: string[]) =>
    keys.length > limit ? `${keys.slice(0, limit).join(', ')} …+${keys.length - limit}` : keys.join(', ');
  if (translatedKeys === 0 && problems.missing.length > 0) {
    lines.push(`${label}: not translated (${problems.missing.length} keys missing)`);
    return lines;
  }
  for (const kind of ['missing', 'empty', 'placeholders', 'plurals', 'untranslated', 'extra'] as const) {
    const keys = problems[kind];
    if (keys.length) lines.push(`${label}: ${keys.length} ${kind}: ${list(keys)}`);
  }
  return lines;
}
