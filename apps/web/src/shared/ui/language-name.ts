import { getLanguage, type LanguageFile } from '@crossmart/contract/client';

export function getLanguageName(file: LanguageFile): string {
  return getLanguage(file).language_name;
}
