import { EventEmitter } from 'node:events';
import type { SupportMessage } from '@crossmart/contract';
import type { Redis } from 'ioredis';

export type LiveListener = (message: SupportMessage) => void;

/**
 * Fan-out of new messages to the event streams. A channel is `user:<id>` (that customer's tabs)
 * or `agents` (every open admin inbox). With Redis, a message published by one server instance
 * reaches the streams held by every other; without it, one process serves alone.
 */
export interface LiveHub {
  publish(channel: string, message: SupportMessage): Promise<void>;
  /** Resolves once the subscription is active, so nothing published afterwards is missed. */
  subscribe(channel: string, listener: LiveListener): Promise<() => void>;
  close(): Promise<void>;
}

export function createLocalHub(): LiveHub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, message) {
      emitter.emit(channel, message);
    },
    async subscribe(channel, listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Redis pub/sub: one subscriber connection per instance (a subscribed connection can issue no
 * other command), subscribed to a channel while at least one local stream listens to it.
 */
export function createRedisHub(redis: Redis, namespace: string): LiveHub {
  const prefix = `${namespace}:support:`;
  const subscriber = redis.duplicate();
  const listeners = new Map<string, Set<LiveListener>>();
  // The pending or done SUBSCRIBE of each channel: a second listener waits for the same one.
  const ready = new Map<string, Promise<unknown>>();
  subscriber.on('message', (fullChannel: string, payload: string) => {
    const local = listeners.get(fullChannel.slice(prefix.length));
    if (!local) return;
    const message = JSON.parse(payload) as SupportMessage;
    for (const listener of local) listener(message);
  });
  // A lost Redis connection must not crash the process; ioredis reconnects and resubscribes.
  subscriber.on('error', () => {});
  return {
    async publish(channel, message) {
      await redis.publish(prefix + channel, JSON.stringify(message));
    },
    async subscribe(channel, listener) {
      let local = listeners.get(channel);
      if (!local) {
        local = new Set();
        listeners.set(channel, local);
      }
      local.add(listener);
      let subscribed = ready.get(channel);
      if (!subscribed) {
        subscribed = subscriber.subscribe(prefix + channel);
        ready.set(channel, subscribed);
      }
      await subscribed;
      return () => {
        const current = listeners.get(channel);
        if (!current?.delete(listener) || current.size > 0) return;
        listeners.delete(channel);
        ready.delete(channel);
        void subscriber.unsubscribe(prefix + channel).catch(() => {});
      };
    },
    async close() {
      listeners.clear();
      subscriber.disconnect();
    },
  };
}

export const userChannel = (userId: number) => `user:${userId}`;
export const agentsChannel = 'agents';
