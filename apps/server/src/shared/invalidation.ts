import type { Redis } from 'ioredis';

/**
 * Invalidation of the process-local read caches (the session look-up, the platform settings;
 * ADR 0013, addendum 2) across every server instance: a write that changes what a cache holds
 * calls `invalidate(topic, key)`, which empties the matching entries here at once and publishes
 * the same message over Redis to the other instances.
 *
 * The caches trust an entry only while `cachesTrusted()`: with Redis configured (production, many
 * instances) that means every subscriber connection is subscribed; while one is down a message
 * could be missed, so the caches read through to the database until it is back (and empty
 * themselves when it drops). Without Redis one process serves alone and local delivery suffices.
 */
export type InvalidationTopic = 'session' | 'settings';
/** `'*'` empties every entry of the topic. */
export type InvalidationListener = (key: string) => void;

const listeners = new Map<InvalidationTopic, Set<InvalidationListener>>();
const publishers = new Set<(topic: InvalidationTopic, key: string) => void>();
const subscribersDown = new Set<object>();

export function onInvalidate(topic: InvalidationTopic, listener: InvalidationListener): () => void {
  let set = listeners.get(topic);
  if (!set) {
    set = new Set();
    listeners.set(topic, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

function deliver(topic: InvalidationTopic, key: string): void {
  for (const listener of listeners.get(topic) ?? []) listener(key);
}

/** Empties the entries of `key` (a user id for sessions, `'*'` for all) here and on every other instance. */
export function invalidate(topic: InvalidationTopic, key: string | number): void {
  deliver(topic, String(key));
  for (const publish of publishers) publish(topic, String(key));
}

/** Whether a cache may answer from its entries (no Redis subscriber is down). */
export function cachesTrusted(): boolean {
  return subscribersDown.size === 0;
}

function emptyAll(): void {
  for (const topic of listeners.keys()) deliver(topic, '*');
}

/**
 * Joins this instance to the Redis channel of invalidations; answers the function that leaves it.
 * Until the subscription is active (and whenever the connection is lost) the caches read through.
 */
export function connectInvalidation(redis: Redis, namespace: string): () => void {
  const channel = `${namespace}:cache-invalidation`;
  const subscriber = redis.duplicate();
  const token = {};
  subscribersDown.add(token);
  const publish = (topic: InvalidationTopic, key: string) => {
    // A failed publish is a Redis outage: the other instances' subscribers are down too, and read through.
    void redis.publish(channel, `${topic}:${key}`).catch(() => {});
  };
  publishers.add(publish);
  subscriber.on('message', (_channel: string, message: string) => {
    const at = message.indexOf(':');
    const topic = message.slice(0, at);
    if (topic === 'session' || topic === 'settings') deliver(topic, message.slice(at + 1));
  });
  let left = false;
  const down = () => {
    // The close that leaving causes is not an outage.
    if (left || subscribersDown.has(token)) return;
    subscribersDown.add(token);
    emptyAll();
  };
  subscriber.on('close', down);
  subscriber.on('end', down);
  subscriber.on('reconnecting', down);
  // Trusted only once SUBSCRIBE has answered: at the start and after each reconnect.
  const join = () => {
    subscriber.subscribe(channel).then(
      () => {
        if (left) return;
        // Anything written while the subscription was down may have been missed: start empty.
        emptyAll();
        subscribersDown.delete(token);
      },
      () => {},
    );
  };
  subscriber.on('ready', join);
  join();
  // A lost Redis connection must not crash the process.
  subscriber.on('error', () => {});
  return () => {
    left = true;
    publishers.delete(publish);
    subscribersDown.delete(token);
    subscriber.disconnect();
  };
}
