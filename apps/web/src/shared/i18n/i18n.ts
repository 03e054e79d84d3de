import {
  defaultLanguage,
  fallbackLanguage,
  getLanguage,
  type LanguageFile,
  matchLanguage,
  matchLanguageList,
} from '@crossmart/contract/client';
import i18next, { type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** One lazily loaded chunk per language (`src/locales/<file_name>.json`). */
const localeLoaders = import.meta.glob<{ default: ResourceLanguage }>('../../locales/*.json');

export const i18n = i18next;

export function hasLocaleFile(file: string): boolean {
  return `../../locales/${file}.json` in localeLoaders;
}

async function loadLocale(file: LanguageFile) {
  const loader = localeLoaders[`../../locales/${file}.json`];
  if (!loader || i18next.hasResourceBundle(file, 'translation')) return;
  const module = await loader();
  i18next.addResourceBundle(file, 'translation', module.default, true, true);
}

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

export async function initI18n(language: LanguageFile) {
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: fallbackLanguage,
    resources: {},
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  await Promise.all([loadLocale(language), loadLocale(fallbackLanguage)]);
  applyDocumentLanguage(language);
  await i18next.changeLanguage(language);
}

/** Switches the UI at once: loads the file when needed, then sets `lang`/`dir` and the language. */
export async function switchLanguage(language: LanguageFile) {
  await loadLocale(language);
  applyDocumentLanguage(language);
  await i18next.changeLanguage(language);
}

export function currentLanguage(): LanguageFile {
  return matchLanguage(i18next.language) ?? defaultLanguage;
}

/** BCP 47 tag of the UI language, for Intl. */
export function currentTag(): string {
  return getLanguage(currentLanguage()).tag;
}
