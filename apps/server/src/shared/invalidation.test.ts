import { describe, expect, it } from 'vitest';
import { readConfig } from '../config.ts';
import { openRedis } from '../redis.ts';
import { cachesTrusted, connectInvalidation } from './invalidation.ts';
import { createReadCache } from './read-cache.ts';

/** Set under `npm run test:pg` (Redis beside PostgreSQL); without it one process serves alone. */
const redisUrl = readConfig().REDIS_URL;

async function until(condition: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('cache invalidation across instances', () => {
  it('empties an entry when another instance publishes its owner, and trusts no entry before it listens', {
    timeout: 30_000,
  }, async () => {
    let now = 1_000;
    const cache = createReadCache<string>('session', 60_000, () => now);
    if (!redisUrl) {
      cache.set('t', '42', 'user 42', cache.generation());
      expect(cachesTrusted()).toBe(true);
      expect(cache.get('t')).toBe('user 42');
      return;
    }
    const namespace = `test-invalidation-${Date.now().toString(36)}`;
    const here = openRedis(redisUrl);
    const other = openRedis(redisUrl);
    const leave = connectInvalidation(here, namespace);
    try {
      // Until SUBSCRIBE has answered, a message could be missed: nothing is answered from memory.
      expect(cachesTrusted()).toBe(false);
      await until(cachesTrusted);
      // Joining empties the caches and stores nothing for a lifetime (a write whose message was
      // missed may commit meanwhile).
      now += 60_000;
      cache.set('t', '42', 'user 42', cache.generation());
      expect(cache.get('t')).toBe('user 42');
      // Another instance's sessionsChanged(42), as it arrives over Redis.
      await other.publish(`${namespace}:cache-invalidation`, 'session:42');
      await until(() => cache.get('t') === undefined);
    } finally {
      leave();
      here.disconnect();
      other.disconnect();
    }
    // Leaving is not an outage: the caches of the process stay trusted.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cachesTrusted()).toBe(true);
  });
});
