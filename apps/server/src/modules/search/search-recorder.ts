import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { searchTermDays } from '../../db/schema/search.ts';
import { platformDay } from '../../shared/platform-day.ts';
import { normalizeSearchTerm } from './search-terms.ts';

/** Distinct (day, language, term) counts held between flushes; past it new terms wait for the next flush. */
const maxPendingTerms = 5000;
/** Callers remembered per flush window, so one client repeating a search counts once per window. */
const maxSeenCallers = 50_000;

export interface SearchRecorder {
  /**
   * Counts one search that found something. Synchronous and in memory: the search answer never
   * waits for it. `caller` (an address or session, never stored) makes a repeat within the same
   * flush window count once.
   */
  record(search: { lang: string; keyword: string; caller: string; at?: Date }): void;
  /** Writes the counts gathered so far (one upsert) and starts a new window. */
  flush(): Promise<number>;
  /** Terms waiting for the next flush (tests, metrics). */
  pending(): number;
}

/**
 * Counts searches per platform day, language and normalized term in memory and adds them to
 * `search_term_days` in one statement per flush. Several instances each add their own counts
 * (`searches + excluded.searches`), so nothing is lost or counted twice across processes. A
 * process that dies loses at most one window of counts: popularity, not money.
 */
export function createSearchRecorder(db: Database, timeZone: string): SearchRecorder {
  let counts = new Map<string, { lang: string; day: string; term: string; searches: number }>();
  let seen = new Set<string>();
  return {
    record({ lang, keyword, caller, at = new Date() }) {
      const term = normalizeSearchTerm(keyword);
      if (!term) return;
      const day = platformDay(at, timeZone);
      const key = `${day}\u0000${lang}\u0000${term}`;
      const callerKey = `${key}\u0000${caller}`;
      if (seen.has(callerKey)) return;
      const entry = counts.get(key);
      if (!entry && counts.size >= maxPendingTerms) return;
      if (seen.size < maxSeenCallers) seen.add(callerKey);
      if (entry) entry.searches += 1;
      else counts.set(key, { lang, day, term, searches: 1 });
    },
    async flush() {
      const rows = [...counts.values()];
      counts = new Map();
      seen = new Set();
      if (rows.length === 0) return 0;
      await db
        .insert(searchTermDays)
        .values(rows)
        .onConflictDoUpdate({
          target: [searchTermDays.lang, searchTermDays.day, searchTermDays.term],
          set: { searches: sql`${searchTermDays.searches} + excluded.searches` },
        });
      return rows.length;
    },
    pending: () => counts.size,
  };
}
