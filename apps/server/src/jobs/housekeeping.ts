import type { FastifyBaseLogger } from 'fastify';
import { purgeBatchSize } from '../db/batch-delete.ts';
import type { Database } from '../db/client.ts';
import { purgeEndedSessions, purgeResetCodes, purgeSentMail, purgeThrottles } from '../modules/accounts/index.ts';
import { purgeOldSearchDays } from '../modules/search/index.ts';
import { purgeOrphanUploads, type UploadStorage } from '../modules/uploads/index.ts';
import { purgeIdempotencyKeys } from '../plugins/idempotency.ts';
import { type IntervalJob, startIntervalJob } from './interval-job.ts';

type PurgeName =
  | 'idempotencyKeys'
  | 'sessions'
  | 'resetCodes'
  | 'sentMail'
  | 'throttles'
  | 'orphanUploads'
  | 'searchDays';
/** What a purge may need besides the database: where uploaded files and their resized copies live. */
interface PurgeContext {
  uploadStorage: UploadStorage | undefined;
  /** `UPLOAD_DIR`, where the resized copies of public pictures are cached (`_v/`). */
  uploadDir: string | undefined;
}
type Purge = (db: Database, now: Date, batchSize: number, context: PurgeContext) => Promise<number>;

/** Rows deleted per table in one run; `failed` names the purges that threw (logged, others still ran). */
export type HousekeepingResult = Record<PurgeName, number> & { failed: PurgeName[] };

/** Each purge lives with the table it deletes from; the retention rules are documented there. */
const purges: Record<PurgeName, Purge> = {
  idempotencyKeys: purgeIdempotencyKeys,
  sessions: purgeEndedSessions,
  resetCodes: purgeResetCodes,
  sentMail: purgeSentMail,
  throttles: purgeThrottles,
  // Uploads no row referenced within a day; without a store (some tests) there is nothing to delete from.
  orphanUploads: (db, now, batchSize, { uploadStorage, uploadDir }) =>
    uploadStorage ? purgeOrphanUploads(db, uploadStorage, now, batchSize, uploadDir) : Promise.resolve(0),
  // Popular-search counts older than 90 days.
  searchDays: (db, now) => purgeOldSearchDays(db, now),
};

/**
 * Deletes the rows of tables that only grow once nobody needs them (one pass over every purge).
 * A failing purge does not keep the others from running; its error goes to `log`.
 */
export async function runHousekeeping(
  db: Database,
  now: Date,
  options: { batchSize?: number; log?: FastifyBaseLogger; uploadStorage?: UploadStorage; uploadDir?: string } = {},
): Promise<HousekeepingResult> {
  const result: HousekeepingResult = {
    idempotencyKeys: 0,
    sessions: 0,
    resetCodes: 0,
    sentMail: 0,
    throttles: 0,
    orphanUploads: 0,
    searchDays: 0,
    failed: [],
  };
  for (const [name, purge] of Object.entries(purges) as [PurgeName, Purge][]) {
    try {
      result[name] = await purge(db, now, options.batchSize ?? purgeBatchSize, {
        uploadStorage: options.uploadStorage,
        uploadDir: options.uploadDir,
      });
    } catch (error) {
      result.failed.push(name);
      options.log?.error({ err: error, purge: name }, 'housekeeping purge failed');
    }
  }
  return result;
}

const firstRunDelayMs = 60_000;

/**
 * Runs the purges a minute after start and then every `intervalMs` inside the server. Several
 * instances may run it at once: the batches skip rows another one has locked. Tests call
 * `runHousekeeping(db, now)` directly.
 */
export function startHousekeeping(options: {
  db: Database;
  intervalMs: number;
  log: FastifyBaseLogger;
  uploadStorage: UploadStorage;
  uploadDir: string;
  clock?: () => Date;
  batchSize?: number;
}): IntervalJob {
  const clock = options.clock ?? (() => new Date());
  return startIntervalJob({
    name: 'housekeeping',
    intervalMs: options.intervalMs,
    // Soon after start, not a whole interval later: servers restarted more often than hourly
    // (deploys) would otherwise never purge.
    firstRunMs: Math.min(options.intervalMs, firstRunDelayMs),
    log: options.log,
    run: async () => {
      const { failed, ...deleted } = await runHousekeeping(options.db, clock(), {
        log: options.log,
        uploadStorage: options.uploadStorage,
        uploadDir: options.uploadDir,
        ...(options.batchSize ? { batchSize: options.batchSize } : {}),
      });
      if (Object.values(deleted).some((count) => count > 0)) {
        options.log.info({ deleted, ...(failed.length > 0 ? { failed } : {}) }, 'housekeeping');
      }
    },
  });
}
