import { fallbackLanguage, type LanguageFile } from '@crossmart/contract';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * A jsonb column of texts per language file, read in `lang`, else English, else `fallback`
 * (the merchant's original text). Evaluated in SQL so that only one string leaves the database.
 */
export function localized(column: AnyColumn, lang: LanguageFile, fallback?: AnyColumn): SQL<string> {
  if (lang === fallbackLanguage) {
    return fallback
      ? sql<string>`coalesce(${column}->>${lang}, ${fallback})`
      : sql<string>`coalesce(${column}->>${lang}, '')`;
  }
  return fallback
    ? sql<string>`coalesce(${column}->>${lang}, ${column}->>${fallbackLanguage}, ${fallback})`
    : sql<string>`coalesce(${column}->>${lang}, ${column}->>${fallbackLanguage}, '')`;
}

/** The same rule for a jsonb value already in memory. */
export function pickText(texts: Partial<Record<string, string>>, lang: LanguageFile, fallback = ''): string {
  return texts[lang] ?? texts[fallbackLanguage] ?? fallback;
}
