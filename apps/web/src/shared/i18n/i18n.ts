import {
  defaultLanguage,
  fallbackLanguage,
  getLanguage,
  type LanguageFile,
  matchLanguageList,
} from '@crossmart/contract';
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

const localeLoaders = import.meta.glob<{ default: Resource[string] }>('../../locales/*.json');

async function loadLocale(file: LanguageFile) {
  const loader = localeLoaders[`../../locales/${file}.json`];
  if (!loader || i18next.hasResourceBundle(file, 'translation')) return;
  const module = await loader();
  i18next.addResourceBundle(file, 'translation', module.default.translation ?? module.default);
}

/** Browser language, else Japanese (the stored choice arrives with the shell issue). */
export function detectLanguage(): LanguageFile {
  return matchLanguageList(navigator.languages ?? [navigator.language]) ?? defaultLanguage;
}

export async function initI18n(language: LanguageFile) {
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: fallbackLanguage,
    resources: {},
    interpolation: { escapeValue: false },
  });
  await Promise.all([loadLocale(language), loadLocale(fallbackLanguage)]);
  const { tag, dir } = getLanguage(language);
  document.documentElement.lang = tag;
  document.documentElement.dir = dir;
  await i18next.changeLanguage(language);
}
