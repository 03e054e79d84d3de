import { fallbackLanguage, type LanguageFile } from '@crossmart/contract';
import { type AnyColumn, type Placeholder, type SQL, sql } from 'drizzle-orm';

/**
 * A jsonb column of texts per language file, read in `lang`, else English, else `fallback`
 * (the merchant's original text). Evaluated in SQL so that only one string leaves the database.
 * `lang` may be a placeholder of a prepared statement.
 */
export function localized(column: AnyColumn, lang: LanguageFile | Placeholder, fallback?: AnyColumn): SQL<string> {
  return sql<string>`coalesce(${column}->>${lang}::text, ${column}->>${fallbackLanguage}::text, ${fallback ?? sql`''`})`;
}
