import type { FastifyBaseLogger } from 'fastify';
import type { SearchRecorder } from '../modules/search/index.ts';
import { type IntervalJob, startIntervalJob } from './interval-job.ts';

/**
 * Writes the searches this process counted every `intervalMs` (0: no timer), and once more when the
 * server stops, so a deploy loses nothing. A failed write is logged; those counts are dropped
 * (popularity, not money).
 */
export function startSearchFlush(options: {
  recorder: SearchRecorder;
  intervalMs: number;
  log: FastifyBaseLogger;
}): IntervalJob {
  const flush = async () => {
    await options.recorder.flush();
  };
  const timer = options.intervalMs > 0 ? startIntervalJob({ name: 'search flush', ...options, run: flush }) : undefined;
  return {
    stop: async () => {
      await timer?.stop();
      await flush().catch((error: unknown) => options.log.error({ err: error }, 'search flush failed'));
    },
  };
}
