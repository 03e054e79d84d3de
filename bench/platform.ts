/**
 * Foundation benchmark: `GET /api/config` (one settings query) and `GET /api/user/language_list` (one 34-row
 * query) on the real app vs a bare Fastify + pg server with the same answers and SQL, in one run.
 * Needs PostgreSQL (DATABASE_URL, default local); uses its own database `crossmart_bench`.
 */
import pg from 'pg';
import { defaultDatabaseUrl, measure, printComparison, startServer, stopServer } from './lib.ts';

const baseUrl = process.env.DATABASE_URL ?? defaultDatabaseUrl;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query('drop database if exists crossmart_bench with (force)');
await admin.query('create database crossmart_bench');
await admin.end();
const url = new URL(baseUrl);
url.pathname = '/crossmart_bench';
const env = { DATABASE_URL: url.toString(), DATABASE_POOL_SIZE: '20' };

const appServer = await startServer(
  'bench/servers/app-server.ts',
  { ...env, PORT: '3301' },
  'http://127.0.0.1:3301/api/health',
);
const bareServer = await startServer(
  'bench/servers/bare-server.ts',
  { ...env, PORT: '3302' },
  'http://127.0.0.1:3302/bare/health',
);
try {
  const options = { connections, seconds, warmupSeconds: 2 };
  console.log(`platform bench: ${connections} connections, ${seconds} s per scenario, PostgreSQL ${url.host}`);
  const bareConfig = await measure(
    'bare   GET /bare/config (settings query)',
    'http://127.0.0.1:3302/bare/config',
    options,
  );
  const appConfig = await measure('app    GET /api/config', 'http://127.0.0.1:3301/api/config', options);
  const bareList = await measure(
    'bare   GET /bare/languages (34 rows)',
    'http://127.0.0.1:3302/bare/languages',
    options,
  );
  const appList = await measure(
    'app    GET /api/user/language_list',
    'http://127.0.0.1:3301/api/user/language_list',
    options,
  );
  printComparison('results (baseline first, then the app; ratios are app / baseline)', [
    { subject: appConfig, baseline: bareConfig },
    { subject: appList, baseline: bareList },
  ]);
} finally {
  await stopServer(appServer);
  await stopServer(bareServer);
}
