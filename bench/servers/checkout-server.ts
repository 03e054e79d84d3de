/**
 * The real Crossmart app on PostgreSQL for `bench/checkout.ts` (demo seed off, logs silent).
 *
 * It counts the statements the app sends (every `query` of a pg client: one round trip each,
 * BEGIN and COMMIT included) and answers the count and the recent texts at
 * `GET /bench/statements`, so the bench can print the statements per checkout. It also times each
 * statement from send to answer (wall time: the database's work, the round trip and any lock wait)
 * by text, answered and cleared at `GET /bench/timings`.
 */
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { prepareDatabase } from '../../apps/server/src/bootstrap.ts';
import { readConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';

const sent = { count: 0, recent: [] as string[] };
let timings = new Map<string, { count: number; ms: number }>();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  sent.count += 1;
  const first = args[0] as string | { text?: string; name?: string };
  const text = typeof first === 'string' ? first : (first?.text ?? `prepared ${first?.name}`);
  const short = text.replace(/\s+/g, ' ').slice(0, 160);
  sent.recent.push(short);
  if (sent.recent.length > 200) sent.recent.shift();
  const started = performance.now();
  const record = () => {
    const timing = timings.get(short) ?? { count: 0, ms: 0 };
    timing.count += 1;
    timing.ms += performance.now() - started;
    timings.set(short, timing);
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
const app = await buildApp({ config, database });
app.get('/bench/statements', async () => {
  const answer = { count: sent.count, recent: sent.recent };
  sent.recent = [];
  return answer;
});
app.get('/bench/timings', async () => {
  const answer = [...timings].map(([text, timing]) => ({ text, ...timing }));
  timings = new Map();
  return answer;
});
app.addHook('onClose', () => database.close());
await app.listen({ host: '127.0.0.1', port: config.PORT });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
