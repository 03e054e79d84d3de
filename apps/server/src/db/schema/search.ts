import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * How often a search term was searched per platform day and language file, for "popular searches".
 * No personal data: no user, no address, no time of day; only normalized terms that found
 * something (modules/search/README.md).
 */
export const searchTermDays = pgTable(
  'search_term_days',
  {
    lang: text('lang').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    term: text('term').notNull(),
    searches: integer('searches').notNull(),
  },
  (table) => [
    // (lang, day) leads: the popular list reads one language over the last days.
    primaryKey({ name: 'search_term_days_pk', columns: [table.lang, table.day, table.term] }),
    index('search_term_days_day_idx').on(table.day),
    check('search_term_days_searches_check', sql`${table.searches} > 0`),
    check('search_term_days_term_check', sql`char_length(${table.term}) between 1 and 40`),
  ],
);
