import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { loadOrderSettings, runOrderSweeps, type SweepResult } from '../modules/orders/index.ts';

/**
 * Runs the order timers of product.md §3 every `intervalMs` inside the server. Several instances
 * may run it at once: the sweeps take their rows with FOR UPDATE SKIP LOCKED. A run never overlaps
 * the previous one in the same process. Settings are read on every run, so an admin's change applies
 * to the next one. Tests call `runOrderSweeps(db, settings, now)` directly.
 */
export function startOrderSweeps(options: {
  db: Database;
  intervalMs: number;
  log: FastifyBaseLogger;
  clock?: () => Date;
}): { stop(): Promise<void> } {
  const clock = options.clock ?? (() => new Date());
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = loadOrderSettings(options.db)
      .then((settings) => runOrderSweeps(options.db, settings, clock()))
      .then((result: SweepResult) => {
        if (result.unsettled.length > 0) {
          options.log.warn({ orderIds: result.unsettled }, 'completed orders of shops without an owner stay in escrow');
        }
        if (result.cancelled + result.received + result.completed + result.settled > 0) {
          options.log.info({ ...result, unsettled: result.unsettled.length }, 'order sweeps');
        }
      })
      .catch((error: unknown) => options.log.error({ err: error }, 'order sweeps failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
