import path from 'node:path';
import { type App, buildApp } from './app.ts';
import { prepareDatabase } from './bootstrap.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { assertDurableDatabase } from './db/durability.ts';
import { payCodeKeys } from './modules/accounts/index.ts';
import { Lifecycle } from './ops/lifecycle.ts';
import { type ManagementServer, startManagementServer } from './ops/management-server.ts';
import { createMetrics } from './ops/metrics.ts';
import { openRedis } from './redis.ts';

/**
 * Opens the database (and Redis), prepares it, builds the app and starts listening. The
 * management listener (MANAGEMENT_PORT) comes up first and reports `migrating` meanwhile; the
 * public port listens only once the database is prepared, so a load balancer never sends a request
 * to an instance that cannot answer it (connection refused is retried on another instance).
 */
export async function startServer(config: Config, lifecycle = new Lifecycle('starting')): Promise<App> {
  const database = await openDatabase(
    config.DATABASE_URL
      ? {
          url: config.DATABASE_URL,
          poolSize: config.DATABASE_POOL_SIZE,
          conflictRetries: config.DATABASE_CONFLICT_RETRIES,
        }
      : { dataDir: path.join(config.DATA_DIR, 'pglite'), thread: config.EMBEDDED_DATABASE_THREAD },
  );
  const redis = config.REDIS_URL ? openRedis(config.REDIS_URL) : undefined;
  const metrics = createMetrics();
  let management: ManagementServer | undefined;
  try {
    if (config.MANAGEMENT_PORT !== undefined) {
      management = await startManagementServer({
        host: config.MANAGEMENT_HOST,
        port: config.MANAGEMENT_PORT,
        lifecycle,
        database,
        metrics,
      });
    }
    await assertDurableDatabase(database, config.DATABASE_ALLOW_NON_DURABLE);
    lifecycle.set('migrating');
    await prepareDatabase(database, {
      seedDemo: config.SEED_DEMO,
      uploadDir: config.UPLOAD_DIR,
      payCodes: payCodeKeys(config),
    });
    const app = await buildApp({
      config,
      database,
      redis,
      lifecycle,
      metrics,
      onClosed: async () => {
        await database.close();
        await redis?.quit();
        await management?.close();
      },
    });
    await app.listen({ host: config.HOST, port: config.PORT });
    lifecycle.set('ready');
    return app;
  } catch (error) {
    await management?.close();
    await database.close().catch(() => {});
    redis?.disconnect();
    throw error;
  }
}

export interface ShutdownOptions {
  app: App;
  signals: NodeJS.EventEmitter;
  timeoutMs: number;
  exit: (code: number) => void;
  /** Readiness turns 503 at the signal; the listener closes `drainMs` later (SHUTDOWN_DRAIN_MS). */
  lifecycle?: Lifecycle;
  drainMs?: number;
}

/**
 * On SIGTERM or SIGINT: stop accepting connections, let in-flight requests finish, close the
 * database and Redis (the app's onClose hooks), then exit. A second signal or the timeout forces it.
 */
export function installGracefulShutdown({
  app,
  signals,
  timeoutMs,
  exit,
  lifecycle,
  drainMs = 0,
}: ShutdownOptions): void {
  let closing = false;
  const onSignal = (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal, exiting now');
      exit(1);
      return;
    }
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out, exiting');
      exit(1);
    }, timeoutMs);
    timer.unref();
    lifecycle?.set('draining');
    const drained = new Promise((resolve) => setTimeout(resolve, drainMs));
    drained
      .then(() => app.close())
      .then(
        () => {
          clearTimeout(timer);
          exit(0);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          exit(1);
        },
      );
  };
  signals.on('SIGTERM', () => onSignal('SIGTERM'));
  signals.on('SIGINT', () => onSignal('SIGINT'));
}
