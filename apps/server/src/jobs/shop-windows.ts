import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { refreshShopWindows } from '../modules/catalog/index.ts';
import { platformDay } from '../shared/platform-day.ts';
import { type IntervalJob, startIntervalJob } from './interval-job.ts';

/**
 * Slides every shop's 30-day window (sales, support days; docs/product-rules.md (mutual aid)) to the current platform
 * day. Sales and support update their own shop at once; this catches the days that leave the
 * window. Runs a minute after start and then every `intervalMs`.
 */
export function startShopWindowRefresh(options: {
  db: Database;
  intervalMs: number;
  timeZone: string;
  log: FastifyBaseLogger;
  clock?: () => Date;
}): IntervalJob {
  const clock = options.clock ?? (() => new Date());
  return startIntervalJob({
    name: 'shop window refresh',
    intervalMs: options.intervalMs,
    firstRunMs: Math.min(options.intervalMs, 60_000),
    log: options.log,
    run: () => refreshShopWindows(options.db, platformDay(clock(), options.timeZone)),
  });
}
