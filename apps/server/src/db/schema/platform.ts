import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Facts about the database itself, such as when the demo seed ran. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

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
