/**
 * A tiny per-process cache for public answers that are the same for every visitor (the home
 * page, per language). Entries live `ttlMs`; concurrent misses for one key share a single load,
 * so a burst of first visits costs one set of queries. With `ttlMs` 0 it only coalesces
 * concurrent loads. The data stays exact in the database; a visitor may see it up to ttlMs late.
 */
export function microCache<K, V>(ttlMs: number) {
  const entries = new Map<K, { at: number; value: Promise<V> }>();
  return {
    get(key: K, load: () => Promise<V>): Promise<V> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && (now - hit.at < ttlMs || ttlMs === 0)) return hit.value;
      const value = load();
      entries.set(key, { at: now, value });
      const forget = () => {
        if (ttlMs === 0 && entries.get(key)?.value === value) entries.delete(key);
      };
      value.then(forget, () => {
        // A failed load is never served from the cache.
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
  };
}
