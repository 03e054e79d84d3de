import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { searchTermDays } from '../../db/schema/search.ts';
import { platformDay } from '../../shared/platform-day.ts';

const dayMs = 86_400_000;

/** The window popular searches are summed over, in platform days (today included). */
export const popularWindowDays = 7;
/** A term shows only once this many searches found something with it: one person's rare search never shows. */
export const popularMinSearches = 3;
/** Days kept; older rows are deleted by housekeeping. */
export const searchDaysKept = 90;

/** The most searched terms of a language over the last `popularWindowDays` platform days, most first. */
async function popularTerms(db: Database, lang: string, since: string, limit: number): Promise<string[]> {
  const total = sql<number>`sum(${searchTermDays.searches})`;
  const rows = await db
    .select({ term: searchTermDays.term })
    .from(searchTermDays)
    .where(and(eq(searchTermDays.lang, lang), gte(searchTermDays.day, since)))
    .groupBy(searchTermDays.term)
    .having(sql`${total} >= ${popularMinSearches}`)
    .orderBy(desc(total), searchTermDays.term)
    .limit(limit);
  return rows.map((row) => row.term);
}

/**
 * Popular searches for shoppers of `lang`; a language with none yet gets English's (every product
 * has an English title, so those terms find something in any language).
 */
export async function listPopularSearches(
  db: Database,
  lang: string,
  now: Date,
  timeZone: string,
  limit = 10,
): Promise<string[]> {
  const since = platformDay(new Date(now.getTime() - (popularWindowDays - 1) * dayMs), timeZone);
  const own = await popularTerms(db, lang, since, limit);
  if (own.length > 0 || lang === 'en') return own;
  return popularTerms(db, 'en', since, limit);
}

/** Deletes the days older than `searchDaysKept` (housekeeping). One statement: a day holds few rows. */
export async function purgeOldSearchDays(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - searchDaysKept * dayMs).toISOString().slice(0, 10);
  const rows = await db
    .delete(searchTermDays)
    .where(lt(searchTermDays.day, cutoff))
    .returning({ day: searchTermDays.day });
  return rows.length;
}
