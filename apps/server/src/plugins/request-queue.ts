import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendFailure } from './envelope.ts';

export interface RequestQueueOptions {
  /** Requests that may run at once; the rest wait in arrival order. */
  concurrency: number;
  /** Longest a request waits for its turn before it is answered 503 (the bounded wait). */
  maxWaitMs: number;
  /** Waiting requests past which a new one is answered 503 at once. */
  maxWaiting: number;
}

/** Ends a request's turn; calling it twice is harmless. */
export type Release = () => void;

interface Waiter {
  admit(release: Release): void;
  timer: NodeJS.Timeout;
}

/**
 * A first-come, first-served queue with a bounded wait. `enter` resolves with a release function
 * once the request may run, or with undefined when the queue is full or the wait ran out: the
 * caller then sheds the request instead of holding it longer than a client would wait.
 */
export function createRequestQueue(options: RequestQueueOptions) {
  let running = 0;
  const waiting: Waiter[] = [];

  const releaser = (): Release => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = waiting.shift();
      if (next) {
        // The slot passes straight to the oldest waiter: a newcomer never overtakes it.
        clearTimeout(next.timer);
        next.admit(releaser());
      } else {
        running -= 1;
      }
    };
  };

  return {
    enter(): Promise<Release | undefined> {
      if (running < options.concurrency) {
        running += 1;
        return Promise.resolve(releaser());
      }
      if (waiting.length >= options.maxWaiting) return Promise.resolve(undefined);
      return new Promise((resolve) => {
        const waiter: Waiter = {
          admit: resolve,
          timer: setTimeout(() => {
            waiting.splice(waiting.indexOf(waiter), 1);
            resolve(undefined);
          }, options.maxWaitMs),
        };
        waiting.push(waiter);
      });
    },
    stats: () => ({ running, waiting: waiting.length }),
  };
}

/**
 * Health probes and the web app's files never wait behind the database. Event streams stay open
 * for as long as the page does: holding a turn that long would stop every other request.
 */
function waitsForTurn(request: FastifyRequest): boolean {
  const route = request.routeOptions.url ?? '';
  if (!route.startsWith('/api/') || route.startsWith('/api/health')) return false;
  const produces = (request.routeOptions.schema as { produces?: readonly string[] } | undefined)?.produces;
  return !produces?.includes('text/event-stream');
}

/**
 * The embedded engine (PGlite) is one connection that runs each statement on the server's own
 * thread. Fifty requests at once would interleave their statements on it, so every request waits
 * for everyone's statements and the slowest wait for many seconds (ADR 0017). Letting a few
 * requests run at a time, the others waiting in arrival order for a bounded time, keeps each
 * request's statements together and the wait fair; past the bound it answers 503 in the envelope.
 */
export const requestQueuePlugin = fp(
  async (app: FastifyInstance, options: RequestQueueOptions) => {
    const queue = createRequestQueue(options);
    app.addHook('onRequest', (request, reply, done) => {
      if (!waitsForTurn(request)) {
        done();
        return;
      }
      void queue.enter().then((release) => {
        if (!release) {
          sendFailure(request, reply, 'SERVICE_UNAVAILABLE', { status: 503 });
          return;
        }
        // 'close' comes once the answer is sent or the client went away, whichever is first.
        if (reply.raw.closed || request.raw.destroyed) release();
        else reply.raw.once('close', release);
        done();
      });
    });
  },
  { name: 'request-queue' },
);
