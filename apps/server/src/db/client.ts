import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { defaultConflictRetries, type TransactionConflict, withConflictRetries } from './conflict-retry.ts';
import { lockDataDir } from './data-dir-lock.ts';
import type { EmbeddedClient } from './embedded-client.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** Raw `execute` results of both drivers (node-postgres and PGlite) carry their rows in `rows`. */
export interface RowsResultHKT extends PgQueryResultHKT {
  readonly type: RowsResult<this['row']>;
}
type RowsResult<Row> = { rows: Row[] };
/** A database or a transaction handle: services take this and never open their own connection. */
export type Database = PgDatabase<RowsResultHKT, Schema>;
export type DatabaseEngine = 'pglite' | 'postgres';

export interface DatabaseHandle {
  readonly db: Database;
  readonly engine: DatabaseEngine;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Connection pool figures for the metrics; PGlite has no pool. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  /**
   * Calls `listener` on each deadlock or serialization failure of a `db.transaction` (retried or
   * given up, ADR 0025); returns the unsubscribe. PGlite runs one transaction at a time: none.
   */
  onTransactionConflict?(listener: (conflict: TransactionConflict) => void): () => void;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Fixed key of the advisory lock that lets one instance at a time run migrations. */
const migrationLockKey = 727_001;

/**
 * Where the embedded engine runs (ADR 0022): `worker`, a thread of its own, so its statements use
 * another core and never hold the server's event loop (the server's default); `inline`, on the
 * calling thread (command-line tools, tests that open many short-lived databases).
 */
export type EmbeddedThread = 'worker' | 'inline';

export type DatabaseTarget =
  | { url: string; poolSize?: number; conflictRetries?: number }
  /** `wipe`: empty the directory first, once its lock is held (`npm run seed`). */
  | { dataDir: string; thread?: EmbeddedThread; wipe?: boolean }
  | { memory: true; thread?: EmbeddedThread };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ('url' in target) {
    return openPostgres(target.url, target.poolSize ?? 10, target.conflictRetries ?? defaultConflictRetries);
  }
  if ('memory' in target) return openPglite(undefined, target.thread ?? 'inline');
  return openPgliteDirectory(target.dataDir, target.thread ?? 'inline', target.wipe ?? false);
}

/** PGlite on a directory, under the directory's lock from before it opens to after it closes (ADR 0024). */
async function openPgliteDirectory(dataDir: string, thread: EmbeddedThread, wipe: boolean): Promise<DatabaseHandle> {
  // PGlite does not create the parent folders of its data directory.
  await mkdir(path.dirname(path.resolve(dataDir)), { recursive: true });
  const lock = await lockDataDir(dataDir);
  try {
    if (wipe) await rm(dataDir, { recursive: true, force: true });
    const handle = await openPglite(dataDir, thread);
    return { ...handle, close: once(() => handle.close().finally(() => lock.release())) };
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function openPglite(dataDir: string | undefined, thread: EmbeddedThread): Promise<DatabaseHandle> {
  // Loaded only for the embedded engine: a server on PostgreSQL never holds PGlite's code.
  const [{ PGlite }, embedded] = await Promise.all([import('@electric-sql/pglite'), import('./embedded-client.ts')]);
  if (thread === 'worker') {
    const { openEmbeddedWorker } = await import('./embedded-remote.ts');
    const remote = await openEmbeddedWorker(dataDir);
    return embeddedHandle(remote, () => remote.close());
  }
  // Drizzle's parsers once on the instance, so its queries need not bring (and copy) them each time.
  const client = new PGlite({ dataDir, parsers: embedded.drizzleParsers });
  await client.waitReady;
  return embeddedHandle(embedded.createEmbeddedClient(client), () => client.close());
}

/** The handle over either embedded client (ADR 0022): in a worker or on this thread. */
async function embeddedHandle(client: EmbeddedClient, close: () => Promise<void>): Promise<DatabaseHandle> {
  const [{ drizzle }, { migrate }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  // Drizzle's driver is typed to the PGlite class but calls only `query` and `transaction`, the two
  // an EmbeddedClient answers (embedded-client.test.ts and embedded-worker.test.ts hold them to it).
  const db = drizzle({ client: client as unknown as PGlite, schema });
  return {
    db,
    engine: 'pglite',
    migrate: () => migrate(db, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    close: once(close),
  };
}

async function openPostgres(url: string, poolSize: number, conflictRetries: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema });
  // Every top-level transaction of the app runs again after a deadlock or serialization failure;
  // a nested one (a savepoint) is part of its parent and fails with it.
  const listeners = new Set<(conflict: TransactionConflict) => void>();
  const transaction = db.transaction.bind(db);
  db.transaction = (work, config) =>
    withConflictRetries(
      () => transaction(work, config),
      conflictRetries,
      (conflict) => {
        for (const listener of listeners) listener(conflict);
      },
    );
  return {
    db,
    engine: 'postgres',
    migrate: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => {});
        await client.end();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: once(() => pool.end()),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
    onTransactionConflict: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Closing twice (app shutdown, then a test's teardown) must not hang or throw. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= close();
    return closing;
  };
}
