/**
 * A small per-process cache for public answers that are the same for every visitor (home,
 * categories, product and shop lists — never answers that carry the viewer's flags). Entries
 * live `ttlMs`; concurrent misses for one key share a single load, so a burst of identical
 * requests costs one set of queries; at most `maxEntries` keys are kept (oldest dropped first).
 * The data stays exact in the database; a visitor may see it up to ttlMs late. With `ttlMs` 0
 * nothing is reused at all.
 */
export function microCache<K, V>(ttlMs: number, maxEntries = 1000) {
  const entries = new Map<K, { at: number; value: Promise<V> }>();
  return {
    get(key: K, load: () => Promise<V>): Promise<V> {
      if (ttlMs === 0) return load();
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && now - hit.at < ttlMs) return hit.value;
      if (hit) entries.delete(key);
      const value = load();
      entries.set(key, { at: now, value });
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      value.catch(() => {
        // A failed load is never served from the cache.
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
  };
}
