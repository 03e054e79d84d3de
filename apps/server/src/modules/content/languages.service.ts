import { languages as contractLanguages, isLanguageFile, type LanguageItem } from '@crossmart/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedRows } from '../../db/row-statement.ts';
import { languages } from '../../db/schema/content.ts';

/** Reference data: keeps the languages table in step with the contract's list on every start. */
export async function syncLanguages(db: Database): Promise<void> {
  const rows = contractLanguages.map((language, index) => ({
    fileName: language.file_name,
    languageName: language.language_name,
    chineseName: language.chinese_name,
    tag: language.tag,
    dir: language.dir,
    sortOrder: index,
  }));
  await db
    .insert(languages)
    .values(rows)
    .onConflictDoUpdate({
      target: languages.fileName,
      set: {
        languageName: sql`excluded.language_name`,
        chineseName: sql`excluded.chinese_name`,
        tag: sql`excluded.tag`,
        dir: sql`excluded.dir`,
        sortOrder: sql`excluded.sort_order`,
      },
    });
}

export async function listLanguages(db: Database): Promise<LanguageItem[]> {
  const rows = await preparedRows(db, 'list_languages', () =>
    db
      .select({
        file_name: languages.fileName,
        language_name: languages.languageName,
        chinese_name: languages.chineseName,
        tag: languages.tag,
        dir: languages.dir,
      })
      .from(languages)
      .where(eq(languages.isEnabled, true))
      .orderBy(asc(languages.sortOrder)),
  ).execute({});
  // Rows come from syncLanguages, which writes only the contract's languages.
  return rows.filter(
    (row): row is LanguageItem => isLanguageFile(row.file_name) && (row.dir === 'ltr' || row.dir === 'rtl'),
  );
}
