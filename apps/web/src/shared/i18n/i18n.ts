import {
  defaultLanguage,
  fallbackLanguage,
  getLanguage,
  type LanguageFile,
  matchLanguage,
  matchLanguageList,
} from '@crossmart/contract/client';
import { type TextTree, Translator } from './translator.ts';

/**
 * Each language's texts come in lazily loaded parts (one chunk each), so that a first visit to the
 * shop only waits for what its first screen shows:
 * - `src/locales/<file_name>.json`: the shell, route titles, home and the product/shop cards;
 * - `src/locales/catalog/<file_name>.json`: explore, search, product detail, shop, favourites;
 * - `src/locales/forms/<file_name>.json`: the me page, account forms, validation and server
 *   messages, language and seller area;
 * - `src/locales/admin/<file_name>.json`: the admin console only (en, jp, zh-cn; other languages
 *   read the English), loaded by the admin area itself (`loadAdminTexts`), never by the shop.
 */
const parts = {
  main: import.meta.glob<{ default: TextTree }>('../../locales/*.json'),
  catalog: import.meta.glob<{ default: TextTree }>('../../locales/catalog/*.json'),
  forms: import.meta.glob<{ default: TextTree }>('../../locales/forms/*.json'),
  admin: import.meta.glob<{ default: TextTree }>('../../locales/admin/*.json'),
};
type Part = keyof typeof parts;
const allParts: readonly Part[] = ['main', 'catalog', 'forms'];

/** The app's one translator; file names are the language codes, plural rules come from their BCP 47 tags. */
export const i18n = new Translator({
  fallbackLanguage,
  // `jp`, `kr`, `cr`, `pk`… are file names Intl does not know: without the tag Korean would look for
  // `_one` and Czech would never use `_few`.
  pluralTag: (code) => {
    const file = matchLanguage(code);
    return file ? getLanguage(file).tag : code;
  },
});

export function hasLocaleFile(file: string): boolean {
  return `../../locales/${file}.json` in parts.main;
}

const loaded = new Map<string, Promise<void>>();
function loadPart(part: Part, file: LanguageFile): Promise<void> {
  const key = `${part}:${file}`;
  const loader = parts[part][`../../locales/${part === 'main' ? '' : `${part}/`}${file}.json`];
  if (!loader) return Promise.resolve();
  let done = loaded.get(key);
  if (!done) {
    done = loader().then((module) => {
      i18n.addTexts(file, module.default);
    });
    loaded.set(key, done);
  }
  return done;
}

async function loadLocale(file: LanguageFile) {
  await Promise.all(allParts.map((part) => loadPart(part, file)));
}

/** The parts a first screen needs before it renders (the rest follows in the background). */
export function partsForPath(path: string): readonly Part[] {
  if (/^\/(home)?$/.test(path)) return ['main'];
  if (/^\/(explore|searchs?|popular|products|detail|shop|myFavourite)(\/|$)/.test(path)) return ['main', 'catalog'];
  return allParts;
}

/** The admin console's texts in the language and in English (the fallback for languages without them). */
export async function loadAdminTexts(file: LanguageFile): Promise<void> {
  await Promise.all([loadPart('admin', file), loadPart('admin', fallbackLanguage)]);
}

/** Files with every key (i18n.test.ts): their first render needs no fallback file. */
export const completeLanguages: readonly LanguageFile[] = ['en', 'jp'];

/**
 * Spec §3: the stored choice, else the browser's languages, else Japanese. The stored choice is
 * the session's language object or, failing that, the language cookie.
 */
export function detectLanguage(input: {
  stored?: string | null | undefined;
  cookie?: string | null | undefined;
  browser: readonly string[];
}): LanguageFile {
  return (
    matchLanguage(input.stored) ?? matchLanguage(input.cookie) ?? matchLanguageList(input.browser) ?? defaultLanguage
  );
}

function applyDocumentLanguage(file: LanguageFile) {
  const { tag, dir } = getLanguage(file);
  document.documentElement.lang = tag;
  document.documentElement.dir = dir;
}

/**
 * Loads what the first render needs, then the rest in the background (bench/bundle-size.ts): a
 * complete language renders without the English fallback, and a screen without the parts of
 * other screens. Late texts re-render the screens that use them (`useTranslation`).
 */
export async function initI18n(language: LanguageFile, path = '/') {
  i18n.changeLanguage(language);
  const files = completeLanguages.includes(language) ? [language] : [language, fallbackLanguage];
  const needed = partsForPath(path);
  await Promise.all(files.flatMap((file) => needed.map((part) => loadPart(part, file))));
  void Promise.all([loadLocale(language), loadLocale(fallbackLanguage)]).catch(() => undefined);
  applyDocumentLanguage(language);
}

/** Switches the UI at once: loads the file when needed, then sets `lang`/`dir` and the language. */
export async function switchLanguage(language: LanguageFile) {
  await loadLocale(language);
  applyDocumentLanguage(language);
  i18n.changeLanguage(language);
}

export function currentLanguage(): LanguageFile {
  return matchLanguage(i18n.language) ?? defaultLanguage;
}

/** The UI language's writing direction (ar and pk read right to left). */
export function currentDir(): 'ltr' | 'rtl' {
  return getLanguage(currentLanguage()).dir;
}

/** BCP 47 tag of the UI language, for Intl. */
export function currentTag(): string {
  return getLanguage(currentLanguage()).tag;
}
