import { cachesTrusted, type InvalidationTopic, onInvalidate } from './invalidation.ts';

/**
 * A small process-local read cache whose entries live at most `ttlMs` and are emptied at once by
 * `invalidate(topic, owner)` on any instance (shared/invalidation.ts). Each entry has an owner
 * (a user id; `'*'` empties all).
 *
 * Why a write cannot leave a stale entry behind: the writer invalidates when it writes, before its
 * transaction commits, so a reader could still see the old row in the database until the commit
 * and store it. Hence (1) an entry read from the database is stored only if no invalidation of the
 * topic arrived while it was read (the generation), and (2) for `ttlMs` after an invalidation the
 * owner's entries are not stored at all: reads go to the database, which by then has the commit.
 * Only a transaction that commits more than `ttlMs` after its invalidation, or a change made
 * outside the app (SQL by hand), can be served stale, and then for at most `ttlMs`.
 */
export interface ReadCache<V> {
  get(key: string): V | undefined;
  /** The generation to pass to `set`, taken before the database read. */
  generation(): number;
  set(key: string, owner: string, value: V, readAtGeneration: number): void;
}

const maxEntries = 10_000;

export function createReadCache<V>(topic: InvalidationTopic, ttlMs: number, now = () => Date.now()): ReadCache<V> {
  const entries = new Map<string, { value: V; owner: string; until: number }>();
  const quietUntil = new Map<string, number>();
  let allQuietUntil = 0;
  let generation = 0;
  onInvalidate(topic, (owner) => {
    generation += 1;
    const until = now() + ttlMs;
    if (owner === '*') {
      entries.clear();
      quietUntil.clear();
      allQuietUntil = until;
      return;
    }
    for (const [key, entry] of entries) if (entry.owner === owner) entries.delete(key);
    quietUntil.set(owner, until);
    if (quietUntil.size > maxEntries) {
      const at = now();
      for (const [key, end] of quietUntil) if (end <= at) quietUntil.delete(key);
    }
  });
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until <= now() || !cachesTrusted()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    generation: () => generation,
    set(key, owner, value, readAtGeneration) {
      const at = now();
      if (readAtGeneration !== generation || !cachesTrusted() || at < allQuietUntil) return;
      if (at < (quietUntil.get(owner) ?? 0)) return;
      // The oldest entry goes first (a Map iterates in insertion order).
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { value, owner, until: at + ttlMs });
    },
  };
}
