import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { loadOrderSettings, runOrderSweeps } from '../modules/orders/index.ts';
import { type IntervalJob, startIntervalJob } from './interval-job.ts';

/**
 * Runs the order timers of docs/product-rules.md §3 every `intervalMs` inside the server. Several instances
 * may run it at once: the sweeps take their rows with FOR UPDATE SKIP LOCKED. Settings are read on
 * every run, so an admin's change applies to the next one. Tests call `runOrderSweeps(db, settings,
 * now)` directly.
 */
export function startOrderSweeps(options: {
  db: Database;
  intervalMs: number;
  timeZone: string;
  log: FastifyBaseLogger;
  clock?: () => Date;
}): IntervalJob {
  const clock = options.clock ?? (() => new Date());
  return startIntervalJob({
    name: 'order sweeps',
    intervalMs: options.intervalMs,
    log: options.log,
    run: async () => {
      const settings = await loadOrderSettings(options.db, options.timeZone);
      const result = await runOrderSweeps(options.db, settings, clock());
      if (result.unsettled.length > 0) {
        options.log.warn({ orderIds: result.unsettled }, 'completed orders of shops without an owner stay in escrow');
      }
      if (result.cancelled + result.received + result.completed + result.settled > 0) {
        options.log.info({ ...result, unsettled: result.unsettled.length }, 'order sweeps');
      }
    },
  });
}
