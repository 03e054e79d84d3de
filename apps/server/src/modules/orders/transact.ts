import type { Database } from '../../db/client.ts';

/**
 * Runs a service's business transaction; the routes pass the Idempotency-Key runner so that the
 * key, the effect and the stored answer commit together.
 */
export type Transact = <T>(work: (tx: Database) => Promise<T>) => Promise<T>;
