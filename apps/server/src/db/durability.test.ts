import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../config.ts';
import { startServer } from '../server.ts';
import { openDatabase } from './client.ts';
import { assertDurableDatabase, nonDurableReason } from './durability.ts';

/** Set under `npm run test:pg`: the shared PostgreSQL server the suites create their databases on. */
const serverUrl = readConfig().DATABASE_URL;

describe('durability check', () => {
  it('names fsync and synchronous_commit when off; the other synchronous_commit levels flush the WAL', () => {
    expect(nonDurableReason({ fsync: 'on', synchronous_commit: 'on' })).toBeUndefined();
    for (const level of ['local', 'remote_write', 'remote_apply']) {
      expect(nonDurableReason({ fsync: 'on', synchronous_commit: level })).toBeUndefined();
    }
    expect(nonDurableReason({ fsync: 'off', synchronous_commit: 'on' })).toBe('fsync off');
    expect(nonDurableReason({ fsync: 'on', synchronous_commit: 'off' })).toBe('synchronous_commit off');
    expect(nonDurableReason({ fsync: 'off', synchronous_commit: 'off' })).toBe('fsync and synchronous_commit off');
  });

  it('reads the settings from the server and refuses unless allowed (PGlite, which runs with fsync off)', {
    timeout: 120_000,
  }, async () => {
    const database = await openDatabase({ memory: true });
    try {
      // PGlite itself is never checked; the same handle posing as PostgreSQL shows the query and the refusal.
      await expect(assertDurableDatabase(database, false)).resolves.toBeUndefined();
      const asPostgres = { ...database, engine: 'postgres' as const };
      await expect(assertDurableDatabase(asPostgres, false)).rejects.toThrow(/fsync off.*DATABASE_ALLOW_NON_DURABLE/);
      await database.db.execute(sql`set synchronous_commit = off`);
      await expect(assertDurableDatabase(asPostgres, false)).rejects.toThrow(/fsync and synchronous_commit off/);
      await expect(assertDurableDatabase(asPostgres, true)).resolves.toBeUndefined();
    } finally {
      await database.close();
    }
  });

  it('is refused in production', () => {
    expect(() =>
      readConfig({ NODE_ENV: 'production', DATABASE_ALLOW_NON_DURABLE: 'true', PAY_CODE_KEY: 'a'.repeat(64) }),
    ).toThrow(/DATABASE_ALLOW_NON_DURABLE: must not be true in production/);
  });

  // The server process itself, on a real PostgreSQL database whose commits are not flushed.
  it.runIf(serverUrl !== undefined)(
    'the server refuses to start on PostgreSQL with synchronous_commit off, and starts when told it is a test',
    async () => {
      const name = `crossmart_test_durability_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.query(`alter database ${name} set synchronous_commit = off`);
      const url = new URL(serverUrl ?? '');
      url.pathname = `/${name}`;
      const env = {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        HOST: '127.0.0.1',
        PORT: '0',
        SEED_DEMO: 'false',
        DATABASE_URL: url.toString(),
        REDIS_URL: '',
        DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'crossmart-durability-')),
        ORDER_SWEEP_INTERVAL_MS: '0',
        HOUSEKEEPING_INTERVAL_MS: '0',
      };
      try {
        await expect(startServer(readConfig(env))).rejects.toThrow(/synchronous_commit off/);
        const app = await startServer(readConfig({ ...env, DATABASE_ALLOW_NON_DURABLE: 'true' }));
        await app.close();
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
  );
});
