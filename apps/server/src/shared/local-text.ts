import type { LanguageFile } from '@crossmart/contract';
import type { I18nText } from '../db/schema/json-types.ts';

/** Text in the request language, else English, else the merchant's original. */
export function localText(original: string, i18n: I18nText, lang: LanguageFile): string {
  return i18n[lang] || i18n.en || original;
}
