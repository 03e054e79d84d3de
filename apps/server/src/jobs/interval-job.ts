import type { FastifyBaseLogger } from 'fastify';

export interface IntervalJob {
  /** Clears the timers and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `run` every `intervalMs` inside the server; the first run comes after `firstRunMs` (default:
 * one interval). A run never overlaps the previous one in the same process; a failed run is logged
 * and the next one comes on time. The timers never keep the process alive.
 */
export function startIntervalJob(options: {
  name: string;
  intervalMs: number;
  firstRunMs?: number;
  log: FastifyBaseLogger;
  run: () => Promise<void>;
}): IntervalJob {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = options
      .run()
      .catch((error: unknown) => options.log.error({ err: error }, `${options.name} failed`))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(tick, options.firstRunMs ?? options.intervalMs);
  const timer = setInterval(tick, options.intervalMs);
  first.unref();
  timer.unref();
  return {
    stop: async () => {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
