import { describe, expect, it } from 'vitest';
import { invalidate } from './invalidation.ts';
import { createReadCache } from './read-cache.ts';

describe('read cache', () => {
  it('answers an entry until its lifetime ends', () => {
    let now = 1_000;
    const cache = createReadCache<string>('settings', 2000, () => now);
    cache.set('k', 'owner', 'v', cache.generation());
    expect(cache.get('k')).toBe('v');
    now += 1999;
    expect(cache.get('k')).toBe('v');
    now += 1;
    expect(cache.get('k')).toBeUndefined();
  });

  it('drops the owner’s entries at once, and stores none of its reads for a lifetime after', () => {
    let now = 1_000;
    const cache = createReadCache<string>('session', 2000, () => now);
    cache.set('a', '7', 'user 7', cache.generation());
    cache.set('b', '8', 'user 8', cache.generation());
    invalidate('session', 7);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('user 8');
    // A read of the old row before the writer's commit must not be kept.
    cache.set('a', '7', 'user 7 (old)', cache.generation());
    expect(cache.get('a')).toBeUndefined();
    now += 2000;
    cache.set('a', '7', 'user 7 (new)', cache.generation());
    expect(cache.get('a')).toBe('user 7 (new)');
  });

  it('keeps nothing read while an invalidation arrived, and empties all on "*"', () => {
    const cache = createReadCache<string>('session', 2000, () => 1_000);
    const readAt = cache.generation();
    invalidate('session', 9);
    cache.set('c', '10', 'read during the invalidation', readAt);
    expect(cache.get('c')).toBeUndefined();
    cache.set('d', '11', 'user 11', cache.generation());
    invalidate('session', '*');
    expect(cache.get('d')).toBeUndefined();
  });
});
