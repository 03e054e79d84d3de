/**
 * The real Crossmart app on PostgreSQL for `bench/checkout.ts` (demo seed off, logs silent).
 *
 * It counts the statements the app sends (every `query` of a pg client: one round trip each,
 * BEGIN and COMMIT included) and answers the count and the recent texts at
 * `GET /bench/statements`, so the bench can print the statements per checkout, with the Redis
 * commands it sent (the server runs with Redis when REDIS_URL is set, as in production). It also times each
 * statement from send to answer (wall time: the database's work, the round trip and any lock wait)
 * by text, answered and cleared at `GET /bench/timings` (with BENCH_STATEMENTS_LOG=1 only).
 */
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { prepareDatabase } from '../../apps/server/src/bootstrap.ts';
import { readConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { openRedis } from '../../apps/server/src/redis.ts';

const sent = { count: 0, recent: [] as string[] };
let timings = new Map<string, { count: number; ms: number }>();
// The instrumentation runs in the measured server: only counting unless the statements are logged
// (timing every statement and whitespace-folding its text cost ~2 % of the server's CPU).
const timed = process.env.BENCH_STATEMENTS_LOG === '1';
const short = (text: string) => text.replace(/\s+/g, ' ').slice(0, 160);
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  sent.count += 1;
  const first = args[0] as string | { text?: string; name?: string };
  const text = typeof first === 'string' ? first : (first?.text ?? `prepared ${first?.name}`);
  sent.recent.push(text);
  if (sent.recent.length > 200) sent.recent.shift();
  if (!timed) return (query as (...a: unknown[]) => unknown).apply(this, args);
  const started = performance.now();
  const record = () => {
    const key = short(text);
    const timing = timings.get(key) ?? { count: 0, ms: 0 };
    timing.count += 1;
    timing.ms += performance.now() - started;
    timings.set(key, timing);
  };
  // pg-pool passes a callback; a client in a transaction is awaited (a promise).
  const last = args.at(-1);
  if (typeof last === 'function') {
    args[args.length - 1] = (...answer: unknown[]) => {
      record();
      return (last as (...a: unknown[]) => unknown)(...answer);
    };
  }
  const result = (query as (...a: unknown[]) => unknown).apply(this, args);
  if (result instanceof Promise) result.then(record, record);
  return result;
} as typeof query;

const config = readConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
if (!config.DATABASE_URL) throw new Error('set DATABASE_URL');
const database = await openDatabase({ url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE });
await prepareDatabase(database, { seedDemo: false, uploadDir: config.UPLOAD_DIR });
// With Redis, as production runs (REDIS_URL from the bench): rate limits, idempotency and the
// caches' invalidations go through it; its commands are counted like the statements.
const redis = config.REDIS_URL ? openRedis(config.REDIS_URL) : undefined;
let redisCommands = 0;
if (redis) {
  const send = redis.sendCommand.bind(redis);
  redis.sendCommand = ((...args: Parameters<typeof send>) => {
    redisCommands += 1;
    return send(...args);
  }) as typeof redis.sendCommand;
}
const app = await buildApp({ config, database, redis });
app.get('/bench/statements', async () => {
  const answer = { count: sent.count, redis: redisCommands, recent: sent.recent.map(short) };
  sent.recent = [];
  return answer;
});
app.get('/bench/timings', async () => {
  const answer = [...timings].map(([text, timing]) => ({ text, ...timing }));
  timings = new Map();
  return answer;
});
app.addHook('onClose', async () => {
  await database.close();
  redis?.disconnect();
});
await app.listen({ host: '127.0.0.1', port: config.PORT });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
