import { Redis } from 'ioredis';

/** A Redis client that fails fast instead of queueing commands while Redis is away. */
export function openRedis(url: string): Redis {
  return new Redis(url, {
    connectTimeout: 1000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    lazyConnect: false,
  });
}
