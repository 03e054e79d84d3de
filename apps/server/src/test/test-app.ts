import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type App, buildApp } from '../app.ts';
import { prepareDatabase } from '../bootstrap.ts';
import { type Config, readConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { payCodeKeys } from '../modules/accounts/index.ts';
import type { ModuleDeps } from '../modules/module-deps.ts';
import type { AddressLookup } from '../modules/orders/index.ts';
import { createUploadStorage, type UploadStorage } from '../modules/uploads/index.ts';
import type { Lifecycle } from '../ops/lifecycle.ts';
import { openRedis } from '../redis.ts';
import type { SeedPart } from '../seed/demo-seed.ts';

export interface TestContext {
  app: App;
  config: Config;
  database: DatabaseHandle;
  /** The app's store of uploaded files (tests look at it and hand it to housekeeping). */
  uploadStorage: UploadStorage;
  close(): Promise<void>;
}

/**
 * A fresh database for one test file: in-memory PGlite by default, or, when DATABASE_URL is set
 * (`npm run test:pg`), a new PostgreSQL database on that server, dropped afterwards.
 */
export async function openTestDatabase(config: Config): Promise<{ database: DatabaseHandle; drop(): Promise<void> }> {
  if (!config.DATABASE_URL) {
    const database = await openDatabase({ memory: true });
    return { database, drop: async () => {} };
  }
  const name = `crossmart_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: config.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(config.DATABASE_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    url: url.toString(),
    poolSize: 10,
    conflictRetries: config.DATABASE_CONFLICT_RETRIES,
  });
  return {
    database,
    drop: async () => {
      const client = new pg.Client({ connectionString: config.DATABASE_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * Test settings: cheap argon2 (tests that measure hashing pass the real cost in `env`) and login
 * and sign-up limits high enough for suites that create many users from one address.
 */
const testDefaults: Record<string, string> = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  ARGON2_MEMORY_KIB: '1024',
  ARGON2_TIME_COST: '1',
  LOGIN_MAX_FAILURES_PER_IP: '100000',
  LOGIN_MAX_FAILURES_PER_ACCOUNT: '100000',
  REGISTER_MAX_PER_IP: '100000',
  RESET_MAX_PER_IP: '100000',
  ORDER_PREVIEW_MAX_PER_MINUTE: '100000',
  ORDER_CREATE_MAX_PER_MINUTE: '100000',
  UPLOAD_MAX_PER_MINUTE: '100000',
  UPLOAD_MAX_PER_DAY: '100000',
  ORDER_SWEEP_INTERVAL_MS: '0',
  HOUSEKEEPING_INTERVAL_MS: '0',
  // A loaded CI machine delays the loop of an in-process test app; load shedding is not under test.
  MAX_EVENT_LOOP_DELAY_MS: '0',
  // Likewise the embedded request queue's wait: tests that send requests at once must not get 503s.
  EMBEDDED_QUEUE_MAX_WAIT_MS: '60000',
};

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    seedDemo?: boolean;
    seedParts?: SeedPart[];
    /** Extra routes a test needs, registered before the app is ready, with the modules' deps. */
    routes?: (app: App, deps: ModuleDeps) => void;
    /** The checkout's address lookup (the addresses module's `getAddress` once merged). */
    addressLookup?: AddressLookup;
    /** Redis key prefix; a test that runs a second instance beside this one passes the same. */
    redisNamespace?: string;
    /** The process phase readiness reports (ready unless given). */
    lifecycle?: Lifecycle;
    /** Receives the JSON log lines (give `env: { LOG_LEVEL: 'info' }` too). */
    logStream?: { write(line: string): void };
    /** Runs after the app's own close hooks, as `startServer` closes its database there. */
    onClosed?: () => Promise<void>;
  } = {},
): Promise<TestContext> {
  const config = readConfig({ ...testDefaults, ...options.env });
  const { database, drop } = await openTestDatabase(config);
  const redis = config.REDIS_URL ? openRedis(config.REDIS_URL) : undefined;
  await prepareDatabase(database, {
    seedDemo: options.seedDemo ?? false,
    uploadDir: config.UPLOAD_DIR,
    payCodes: payCodeKeys(config),
    ...(options.seedParts ? { seedParts: options.seedParts } : {}),
  });
  const uploadStorage = createUploadStorage(config);
  const app = await buildApp({
    config,
    database,
    redis,
    uploadStorage,
    redisNamespace: options.redisNamespace ?? `crossmart-test-${randomBytes(4).toString('hex')}`,
    ...(options.addressLookup ? { addressLookup: options.addressLookup } : {}),
    ...(options.lifecycle ? { lifecycle: options.lifecycle } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.onClosed ? { onClosed: options.onClosed } : {}),
  });
  options.routes?.(app, { config, database, redis });
  await app.ready();
  return {
    app,
    config,
    database,
    uploadStorage,
    close: async () => {
      await app.close();
      await database.close();
      await redis?.quit();
      await drop();
    },
  };
}
