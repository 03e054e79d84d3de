import type { Database } from '../../db/client.ts';
import { searchTermDays } from '../../db/schema/search.ts';

/**
 * Popular searches of a new install: terms that find demo products (Japanese titles and their
 * English translations), with daily figures over the last week so the list has an order.
 */
const demoTerms: Record<string, readonly string[]> = {
  jp: [
    'ワイヤレスイヤホン',
    'ノートパソコン',
    'テント',
    '抹茶',
    'ロボット掃除機',
    'スニーカー',
    '電気ケトル',
    'バックパック',
  ],
  en: ['earbuds', 'laptop', 'tent', 'matcha', 'robot vacuum', 'sneakers', 'kettle', 'backpack'],
};

export const searchDemoSeed: { name: string; run(db: Database): Promise<void> } = {
  name: 'search',
  async run(db: Database) {
    const now = Date.now();
    // UTC days: a day off from the platform's time zone still falls inside the 7-day window.
    const days = Array.from({ length: 7 }, (_, daysAgo) =>
      new Date(now - daysAgo * 86_400_000).toISOString().slice(0, 10),
    );
    const rows = Object.entries(demoTerms).flatMap(([lang, terms]) =>
      days.flatMap((day, daysAgo) =>
        // Earlier terms are searched more; figures vary a little by day.
        terms.map((term, rank) => ({
          lang,
          day,
          term,
          searches: (terms.length - rank) * 6 + ((daysAgo * 7 + rank * 3) % 5) + 1,
        })),
      ),
    );
    await db.insert(searchTermDays).values(rows).onConflictDoNothing();
  },
};
