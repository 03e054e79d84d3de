import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Interface languages; rows are kept in step with the contract's list on every start. */
export const languages = pgTable(
  'languages',
  {
    fileName: text('file_name').primaryKey(),
    languageName: text('language_name').notNull(),
    chineseName: text('chinese_name').notNull(),
    tag: text('tag').notNull(),
    dir: text('dir').notNull(),
    sortOrder: integer('sort_order').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
  },
  (table) => [check('languages_dir_check', sql`${table.dir} in ('ltr', 'rtl')`)],
);
