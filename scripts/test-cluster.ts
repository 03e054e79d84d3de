/**
 * `npm run test:cluster` (issue 20): three server processes on the loopback behind nginx (a copy
 * of deploy/nginx.conf) over one new PostgreSQL database and one Redis, and the checks that they
 * behave as one server. Prints what each check proved; exits 1 when one fails.
 *
 * Needs: nginx on PATH (Debian `nginx`), PostgreSQL at DATABASE_URL (default the local one) and
 * Redis at REDIS_URL. Ports: CLUSTER_BASE_PORT (default 3250) … +5 for the instances and their
 * management listeners, +10 for nginx.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  type Answer,
  ensureServerBuilt,
  type Instance,
  type Nginx,
  openEventStream,
  request,
  sleep,
  startInstance,
  startNginx,
  stopInstance,
  waitFor,
  waitReady,
} from './cluster/harness.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const basePort = Number(process.env.CLUSTER_BASE_PORT ?? 3250);
const runId = randomBytes(4).toString('hex');
const databaseName = `crossmart_cluster_${runId}`;
const workDir = path.join(os.tmpdir(), `crossmart-cluster-${runId}`);
const startedAt = Date.now();

const registerLimit = 7;
const sweptOrders = 12;
const expiredKeys = 2500;

const results: { name: string; ok: boolean; detail: string }[] = [];
function report(name: string, ok: boolean, detail: string) {
  results.push({ name, ok, detail });
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}\n      ${detail}`);
}
const seconds = () => `${((Date.now() - startedAt) / 1000).toFixed(1)} s`;

const instances: Instance[] = [0, 1, 2].map((index) => ({
  name: `server-${index + 1}`,
  port: basePort + index,
  managementPort: basePort + 3 + index,
  base: `http://127.0.0.1:${basePort + index}`,
  logs: [],
}));

function databaseUrl(name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const env: Record<string, string> = {
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? os.tmpdir(),
  NODE_ENV: 'development',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'info',
  DATABASE_URL: databaseUrl(databaseName),
  DATABASE_POOL_SIZE: '10',
  REDIS_URL: redisUrl,
  REDIS_NAMESPACE: `cluster-${runId}`,
  SEED_DEMO: 'true',
  TRUST_PROXY: '1',
  // One key for all: a payment code set through one instance must verify on the others.
  PAY_CODE_KEY: randomBytes(32).toString('hex'),
  ARGON2_MEMORY_KIB: '1024',
  ARGON2_TIME_COST: '1',
  REGISTER_MAX_PER_IP: String(registerLimit),
  ORDER_CREATE_MAX_PER_MINUTE: '1000',
  ORDER_PREVIEW_MAX_PER_MINUTE: '1000',
  ORDER_SWEEP_INTERVAL_MS: '500',
  HOUSEKEEPING_INTERVAL_MS: '700',
  SHUTDOWN_TIMEOUT_MS: '15000',
  WEB_DIST_DIR: path.join(workDir, 'no-web-build'),
};

const ok = (answer: Answer) => answer.status === 200 && answer.body.code === 1;
const dataOf = <T>(answer: Answer) => answer.body.data as T;

let registered = 0;
// Mobile numbers are unique: a per-run base keeps them apart from the demo seed's.
const mobileBase = 10_000_000 + (Number.parseInt(runId, 16) % 80_000_000);
async function register(base: string) {
  registered += 1;
  const tag = `${runId}${registered}`;
  return request(base, 'POST', '/api/user/register', {
    body: {
      account: `cluster_${tag}`,
      password: 'secret123',
      repassword: 'secret123',
      family_name: 'Yamada',
      given_name: 'Hanako',
      email: `cluster_${tag}@example.com`,
      mobile: `+8190${String(mobileBase + registered).padStart(8, '0')}`,
    },
  });
}

async function login(base: string, account: string, password: string): Promise<string> {
  const answer = await request(base, 'POST', '/api/user/login', { body: { account, password } });
  if (!ok(answer)) throw new Error(`login ${account}: ${JSON.stringify(answer.body)}`);
  return dataOf<{ userinfo: { token: string } }>(answer).userinfo.token;
}

/** Log lines of all instances with a given message. */
const logLines = (message: string) =>
  instances.flatMap((instance) =>
    instance.logs.filter((line) => line.msg === message).map((line) => ({ instance: instance.name, line })),
  );

// ---------------------------------------------------------------------------------------------

async function checkRateLimitAndLockout(nginx: Nginx): Promise<string[]> {
  // The lockout account, through nginx (one registration of the limit).
  const lockAnswer = await register(nginx.base);
  if (!ok(lockAnswer)) throw new Error(`register: ${JSON.stringify(lockAnswer.body)}`);
  const lockAccount = dataOf<{ userinfo: { account: string } }>(lockAnswer).userinfo.account;
  // The rest of the per-IP limit, two on each instance directly, then one more on each.
  const tokens: string[] = [];
  const perInstance: string[] = [];
  for (const instance of instances) {
    for (let i = 0; i < 2; i += 1) {
      const answer = await register(instance.base);
      if (ok(answer)) tokens.push(dataOf<{ userinfo: { token: string } }>(answer).userinfo.token);
    }
  }
  for (const instance of instances) {
    const answer = await register(instance.base);
    perInstance.push(`${instance.name}: ${answer.body.error ?? 'accepted'}`);
  }
  const refused = perInstance.every((line) => line.endsWith('RATE_LIMITED'));
  report(
    'rate limits count across instances (Redis)',
    tokens.length === registerLimit - 1 && refused,
    `REGISTER_MAX_PER_IP=${registerLimit}: 1 via nginx + ${tokens.length} spread over 3 instances accepted; ` +
      `the next on each instance: ${perInstance.join(', ')}`,
  );

  // Wrong passwords round-robin over the instances until the account locks.
  let attempts = 0;
  let lockedAt = 0;
  while (attempts < 40 && !lockedAt) {
    const instance = instances[attempts % instances.length] as Instance;
    attempts += 1;
    const answer = await request(instance.base, 'POST', '/api/user/login', {
      body: { account: lockAccount, password: 'wrong-password' },
    });
    if (answer.body.error === 'ACCOUNT_LOCKED') lockedAt = attempts;
  }
  const withRightPassword = await Promise.all(
    instances.map((instance) =>
      request(instance.base, 'POST', '/api/user/login', { body: { account: lockAccount, password: 'secret123' } }),
    ),
  );
  const allLocked = withRightPassword.every((answer) => answer.body.error === 'ACCOUNT_LOCKED');
  report(
    'login lockout counts across instances (database)',
    lockedAt > 0 && lockedAt <= 11 && allLocked,
    `locked after ${lockedAt} failures spread round-robin over 3 instances (one instance alone locks at 10, ` +
      `11 from a source the account used before); the right password then answers ` +
      `${withRightPassword.map((answer) => answer.body.error ?? 'ok').join(', ')} on the three`,
  );
  return tokens;
}

async function checkIdempotencyAndDuplicates(nginx: Nginx, db: pg.Client, demoToken: string, adminToken: string) {
  const withdrawal = {
    type: 'bank',
    bank_card: '6222020000000000',
    bank_name: 'MUFG',
    holder: 'Demo Shopper',
    amount: 1500,
    paypwd: '123456',
  };
  const balance = async () => {
    const result = await db.query<{ balance: number }>(
      "select balance from ledger_accounts a join users u on u.id = a.user_id where u.account = 'demo'",
    );
    return Number(result.rows[0]?.balance ?? 0);
  };
  const before = await balance();
  // The retry lands on another instance: the first answer comes back, the money moves once.
  const key = `cluster-retry-${runId}`;
  const answers: Answer[] = [];
  for (const instance of instances) {
    answers.push(
      await request(instance.base, 'POST', '/api/user/extract', { token: demoToken, key, body: withdrawal }),
    );
  }
  const ids = answers.map((answer) => dataOf<{ id?: number }>(answer)?.id);
  const firstId = ids[0];
  // The same key at the same moment on all three.
  const racedKey = `cluster-race-${runId}`;
  const raced = await Promise.all(
    instances.map((instance) =>
      request(instance.base, 'POST', '/api/user/extract', { token: demoToken, key: racedKey, body: withdrawal }),
    ),
  );
  const racedIds = new Set(raced.filter(ok).map((answer) => dataOf<{ id: number }>(answer).id));
  const rows = await db.query<{ n: number }>(
    "select count(*)::int as n from withdrawals w join users u on u.id = w.user_id where u.account = 'demo'",
  );
  const after = await balance();
  report(
    'idempotency keys hold when the retry lands on another instance',
    answers.every(ok) &&
      ids.every((id) => id === firstId) &&
      racedIds.size === 1 &&
      rows.rows[0]?.n === 2 &&
      before - after === 2 * withdrawal.amount,
    `one key sent to server-1, -2, -3 in turn: withdrawal ids ${ids.join(', ')}; another key sent to all three at once: ` +
      `${raced.map((answer) => (ok(answer) ? `id ${dataOf<{ id: number }>(answer).id}` : answer.body.error)).join(', ')}; ` +
      `withdrawals in the database: ${rows.rows[0]?.n}; balance ${before} → ${after}`,
  );

  // The duplicate guard: the admin passes the same withdrawal on three instances at once.
  const audits = await Promise.all(
    instances.map((instance) =>
      request(instance.base, 'POST', '/api/admin/extract_audit', {
        token: adminToken,
        body: { id: firstId, status: 1 },
      }),
    ),
  );
  const paid = await db.query<{ n: number }>(
    "select count(*)::int as n from ledger_transactions where kind = 'withdrawal_paid' and reference like $1",
    [`%${firstId}%`],
  );
  const passed = audits.filter(ok).length;
  report(
    'an audit decided at once on three instances is applied once',
    passed === 1 && paid.rows[0]?.n === 1,
    `answers: ${audits.map((answer) => (ok(answer) ? 'passed' : answer.body.error)).join(', ')}; ` +
      `withdrawal_paid postings for withdrawal ${firstId}: ${paid.rows[0]?.n}`,
  );
  void nginx;
}

async function checkLiveMessages(nginx: Nginx, db: pg.Client, demoToken: string, adminToken: string) {
  const [first, second, third] = instances as [Instance, Instance, Instance];
  const demoId = (await db.query<{ id: number }>("select id from users where account = 'demo'")).rows[0]?.id ?? 0;
  // A ticket from server-2 opens a stream on server-3; the agent answers on server-1.
  const ticket = dataOf<{ ticket: string }>(
    await request(second.base, 'POST', '/api/service/ticket', { token: demoToken }),
  ).ticket;
  const direct = openEventStream(`${third.base}/api/service/stream?ticket=${ticket}`);
  await direct.opened;
  // And a stream through nginx, to see that no layer buffers the events.
  const ticket2 = dataOf<{ ticket: string }>(
    await request(nginx.base, 'POST', '/api/service/ticket', { token: demoToken }),
  ).ticket;
  const proxied = openEventStream(`${nginx.base}/api/service/stream?ticket=${ticket2}`);
  await proxied.opened;
  // The conversation starts with the buyer (an agent answers only an existing one), on server-1.
  const question = await request(first.base, 'POST', '/api/service/send', {
    token: demoToken,
    body: { kind: 'text', body: `question ${runId}` },
  });
  if (!ok(question)) throw new Error(`service send: ${JSON.stringify(question.body)}`);
  await sleep(300);
  const texts = instances.map((instance) => `answer from ${instance.name} ${runId}`);
  const sentAt = Date.now();
  const replies: string[] = [];
  for (const [index, instance] of instances.entries()) {
    const answer = await request(instance.base, 'POST', '/api/admin/service_reply', {
      token: adminToken,
      body: { user_id: demoId, kind: 'text', body: texts[index] },
    });
    replies.push(ok(answer) ? 'sent' : JSON.stringify(answer.body));
  }
  const bodies = (stream: { events: unknown[] }) => stream.events.map((event) => (event as { body: string }).body);
  const arrived = await waitFor(
    'live messages',
    async () => texts.every((text) => bodies(direct).includes(text) && bodies(proxied).includes(text)),
    10_000,
    50,
  ).catch(() => false);
  const latencyMs = Date.now() - sentAt;
  direct.close();
  proxied.close();
  report(
    'a live service message reaches a client of another instance (SSE over Redis)',
    arrived === true,
    `stream on ${third.name} (ticket from ${second.name}) and one through nginx received the agent's answers ` +
      `sent on ${instances.map((instance) => instance.name).join(', ')} within ${latencyMs} ms ` +
      `(direct: ${bodies(direct).length}, via nginx: ${bodies(proxied).length} events; replies: ${replies.join(', ')})`,
  );
}

/**
 * Settings are cached per instance for 2 s (ADR 0013, addendum 2); a save on one instance must reach the
 * others' caches at once over Redis. Raises the unpaid-order limit the sweep check needs.
 */
async function checkSettingsPropagate(adminToken: string) {
  const read = async (instance: Instance) => {
    const answer = await request(instance.base, 'GET', '/api/admin/settings', { token: adminToken });
    if (!ok(answer)) throw new Error(`settings on ${instance.name}: ${JSON.stringify(answer.body)}`);
    return dataOf<Record<string, number>>(answer);
  };
  // Every instance caches the current values first.
  const before = await Promise.all(instances.map(read));
  const cachedAt = Date.now();
  const [first, ...others] = instances;
  if (!first) throw new Error('no instances');
  const saved = await request(first.base, 'POST', '/api/admin/settings_save', {
    token: adminToken,
    body: { ...before[0], max_unpaid_orders: 100 },
  });
  if (!ok(saved)) throw new Error(`settings save: ${JSON.stringify(saved.body)}`);
  const savedAt = Date.now();
  // The Redis message and the next request race only by a hop; well inside the 2 s a cached value lives.
  const seen = await Promise.all(
    others.map(async (instance) => {
      let value = (await read(instance)).max_unpaid_orders;
      while (value !== 100 && Date.now() - savedAt < 300) {
        await sleep(20);
        value = (await read(instance)).max_unpaid_orders;
      }
      return value;
    }),
  );
  const elapsed = Date.now() - cachedAt;
  report(
    'a settings save on one instance is seen at once on the others (cache invalidation over Redis)',
    before.every((settings) => settings.max_unpaid_orders !== 100) &&
      seen.every((value) => value === 100) &&
      elapsed < 2000,
    `max_unpaid_orders ${before.map((settings) => settings.max_unpaid_orders).join(', ')} cached on ` +
      `${instances.length} instances; saved 100 on ${first.name}; read back on ` +
      `${others.map((instance, index) => `${instance.name}: ${seen[index]}`).join(', ')} ` +
      `${elapsed} ms after caching (a cached value lives 2 s)`,
  );
}

async function checkSweepsAndHousekeeping(nginx: Nginx, db: pg.Client, demoToken: string) {
  const demoId = (await db.query<{ id: number }>("select id from users where account = 'demo'")).rows[0]?.id ?? 0;
  const addressAnswer = await request(nginx.base, 'POST', '/api/user/address_add', {
    token: demoToken,
    body: {
      name: 'Cluster Test',
      mobile: '+819012345678',
      area: { codes: ['JP', 'JP-13', 'JP-13-shinjuku'], text: 'Japan / Tokyo / Shinjuku' },
      address: 'Nishi-Shinjuku 2-8-1',
      tag: 'home',
    },
  });
  if (!ok(addressAnswer)) throw new Error(`address: ${JSON.stringify(addressAnswer.body)}`);
  const address = dataOf<{ id: number }>(addressAnswer).id;
  const skus = await db.query<{ id: number; stock: number }>(
    'select id, stock from product_skus where stock >= 100 order by id limit 20',
  );
  let sku: { id: number; stock: number } | undefined;
  const orderIds: number[] = [];
  const refusals = new Set<string>();
  for (const candidate of skus.rows) {
    const answer = await request(nginx.base, 'POST', '/api/order/create', {
      token: demoToken,
      body: { sku_id: candidate.id, quantity: 1, address_id: address },
    });
    if (ok(answer)) {
      sku = candidate;
      orderIds.push(...dataOf<{ order_ids: number[] }>(answer).order_ids);
      break;
    }
    refusals.add(JSON.stringify(answer.body));
  }
  if (!sku) throw new Error(`no demo SKU could be ordered (${skus.rows.length} tried): ${[...refusals].join('; ')}`);
  const stockBefore = sku.stock;
  while (orderIds.length < sweptOrders) {
    const answer = await request(nginx.base, 'POST', '/api/order/create', {
      token: demoToken,
      body: { sku_id: sku.id, quantity: 1, address_id: address },
    });
    if (!ok(answer)) throw new Error(`order create: ${JSON.stringify(answer.body)}`);
    orderIds.push(...dataOf<{ order_ids: number[] }>(answer).order_ids);
  }
  // Overdue at once: every instance's next sweep (each 500 ms) wants them.
  await db.query("update orders set created_at = now() - interval '1 day' where id = any($1)", [orderIds]);
  const sweepLinesBefore = logLines('order sweeps').length;

  // Expired idempotency keys for the purge: the housekeeping of all three instances wants them.
  await db.query(
    `insert into idempotency_keys (user_id, key, request_hash, created_at)
       select $1, 'expired-' || g, 'x', now() - interval '2 days' from generate_series(1, $2) g`,
    [demoId, expiredKeys],
  );

  await waitFor(
    'sweeps',
    async () =>
      (
        await db.query<{ n: number }>('select count(*)::int as n from orders where id = any($1) and status = 0', [
          orderIds,
        ])
      ).rows[0]?.n === 0,
    20_000,
  );
  const logged = await db.query<{ order_id: number; n: number }>(
    'select order_id, count(*)::int as n from order_status_log where order_id = any($1) and from_status = 0 group by order_id',
    [orderIds],
  );
  const stockAfter = (await db.query<{ stock: number }>('select stock from product_skus where id = $1', [sku.id]))
    .rows[0]?.stock;
  await sleep(1200); // the sweep log lines are written when each run ends
  const sweepLines = logLines('order sweeps').slice(sweepLinesBefore);
  const byInstance = new Map<string, number>();
  for (const { instance, line } of sweepLines) {
    byInstance.set(instance, (byInstance.get(instance) ?? 0) + Number(line.cancelled ?? 0));
  }
  const cancelledInLogs = [...byInstance.values()].reduce((sum, n) => sum + n, 0);
  report(
    'order sweeps cancel each overdue order exactly once with three instances sweeping',
    logged.rows.length === sweptOrders &&
      logged.rows.every((row) => row.n === 1) &&
      stockAfter === stockBefore &&
      cancelledInLogs === sweptOrders,
    `${sweptOrders} overdue orders: ${logged.rows.length} with exactly one status change each, stock ${stockBefore} → ` +
      `${stockAfter} (all back once); cancelled per instance (logs): ` +
      `${instances.map((instance) => `${instance.name} ${byInstance.get(instance.name) ?? 0}`).join(', ')}`,
  );

  await waitFor(
    'housekeeping',
    async () =>
      (await db.query<{ n: number }>("select count(*)::int as n from idempotency_keys where key like 'expired-%'"))
        .rows[0]?.n === 0,
    20_000,
  );
  await sleep(1000);
  const purged = new Map<string, number>();
  for (const { instance, line } of logLines('housekeeping')) {
    const deleted = line.deleted as { idempotencyKeys?: number } | undefined;
    purged.set(instance, (purged.get(instance) ?? 0) + Number(deleted?.idempotencyKeys ?? 0));
  }
  const purgedTotal = [...purged.values()].reduce((sum, n) => sum + n, 0);
  report(
    'housekeeping deletes each expired row exactly once with three instances purging',
    purgedTotal === expiredKeys,
    `${expiredKeys} expired idempotency keys, all gone; deleted per instance (logs): ` +
      `${instances.map((instance) => `${instance.name} ${purged.get(instance.name) ?? 0}`).join(', ')} = ${purgedTotal}`,
  );
}

interface LoadResult {
  acked: string[];
  failures: { at: number; what: string }[];
  total: number;
}

/** Workers sending customer-service messages through nginx until stopped; every acked body is remembered. */
function startLoad(nginx: Nginx, tokens: string[], label: string) {
  const result: LoadResult = { acked: [], failures: [], total: 0 };
  let running = true;
  let sequence = 0;
  const workers = tokens.flatMap((token) =>
    [0, 1].map(async () => {
      while (running) {
        sequence += 1;
        const body = `${label}-${runId}-${sequence}`;
        result.total += 1;
        try {
          const answer = await request(nginx.base, 'POST', '/api/service/send', {
            token,
            body: { kind: 'text', body },
            timeoutMs: 20_000,
          });
          if (ok(answer)) result.acked.push(body);
          else result.failures.push({ at: Date.now(), what: `${answer.status} ${answer.body.error ?? ''}` });
        } catch (error) {
          result.failures.push({ at: Date.now(), what: (error as Error).message });
        }
      }
    }),
  );
  return {
    result,
    stop: async () => {
      running = false;
      await Promise.all(workers);
      return result;
    },
  };
}

async function storedCount(db: pg.Client, bodies: string[]): Promise<number> {
  const found = await db.query<{ n: number }>('select count(*)::int as n from support_messages where body = any($1)', [
    bodies,
  ]);
  return found.rows[0]?.n ?? 0;
}

async function checkKill(nginx: Nginx, db: pg.Client, tokens: string[]) {
  const victim = instances[0] as Instance;
  const load = startLoad(nginx, tokens, 'kill');
  await sleep(1500);
  const killedAt = Date.now();
  await stopInstance(victim, 'SIGKILL');
  await sleep(2500);
  const result = await load.stop();
  const afterKill = result.acked.length;
  const stored = await storedCount(db, result.acked);
  const lateFailures = result.failures.filter((failure) => failure.at > killedAt + 1000);
  report(
    'an instance killed (SIGKILL) under load loses no acknowledged request',
    stored === result.acked.length && lateFailures.length === 0 && afterKill > 0,
    `${result.total} requests through nginx, ${result.acked.length} acknowledged, all ${stored} stored; ` +
      `${result.failures.length} failed (the requests in flight on ${victim.name} when it died: ` +
      `${[...new Set(result.failures.map((failure) => failure.what))].join(', ') || 'none'}), none later than 1 s after the kill`,
  );
  startInstance(victim, { root, env, logDir: workDir });
  await waitReady(victim);
}

async function checkRollingRestart(nginx: Nginx, db: pg.Client, tokens: string[]) {
  const load = startLoad(nginx, tokens, 'rolling');
  await sleep(800);
  const steps: string[] = [];
  for (const instance of instances) {
    const began = Date.now();
    // The documented procedure (deploy/README.md): out of nginx, SIGTERM, start, ready, back in.
    await nginx.reload(new Set([instance.name]));
    const code = await stopInstance(instance, 'SIGTERM');
    startInstance(instance, { root, env, logDir: workDir });
    await waitReady(instance);
    await nginx.reload(new Set());
    steps.push(`${instance.name} exit ${code}, back in ${((Date.now() - began) / 1000).toFixed(1)} s`);
    await sleep(300);
  }
  const result = await load.stop();
  const stored = await storedCount(db, result.acked);
  report(
    'a rolling restart drops no request',
    result.failures.length === 0 && stored === result.acked.length && result.acked.length > 0,
    `${result.total} requests through nginx while ${steps.join('; ')}: ${result.acked.length} acknowledged, ` +
      `${stored} stored, ${result.failures.length} failed` +
      (result.failures.length > 0 ? ` (${[...new Set(result.failures.map((f) => f.what))].join(', ')})` : ''),
  );
}

// ---------------------------------------------------------------------------------------------

async function main() {
  await ensureServerBuilt();
  mkdirSync(workDir, { recursive: true });
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const db = new pg.Client({ connectionString: databaseUrl(databaseName) });
  let nginx: Nginx | undefined;
  try {
    console.log(
      `test:cluster ${runId}: database ${databaseName}, Redis namespace cluster-${runId}, logs in ${workDir}`,
    );
    // All three at once: migrations take an advisory lock, the demo seed claims its marker row.
    for (const instance of instances) startInstance(instance, { root, env, logDir: workDir });
    await Promise.all(instances.map((instance) => waitReady(instance)));
    await db.connect();
    const seedRuns = (await db.query<{ n: number }>("select count(*)::int as n from users where account = 'demo'"))
      .rows[0]?.n;
    report(
      'three instances start at once over one new database',
      seedRuns === 1,
      `migrated and seeded once (one demo account), all ready after ${seconds()}`,
    );
    nginx = await startNginx({ root, dir: path.join(workDir, 'nginx'), port: basePort + 10, instances });

    const tokens = await checkRateLimitAndLockout(nginx);
    const demoToken = await login(nginx.base, 'demo', 'demo123');
    const adminToken = await login(nginx.base, 'admin', 'admin123');
    await checkIdempotencyAndDuplicates(nginx, db, demoToken, adminToken);
    await checkLiveMessages(nginx, db, demoToken, adminToken);
    await checkSettingsPropagate(adminToken);
    await checkSweepsAndHousekeeping(nginx, db, demoToken);
    await checkKill(nginx, db, tokens.slice(0, 3));
    await checkRollingRestart(nginx, db, tokens.slice(0, 3));
  } catch (error) {
    report('cluster run', false, (error as Error).stack ?? String(error));
  } finally {
    await nginx?.stop();
    await Promise.all(instances.map((instance) => stopInstance(instance, 'SIGTERM')));
    await db.end().catch(() => {});
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${databaseName} with (force)`);
    await cleanup.end();
  }
  const failed = results.filter((result) => !result.ok);
  console.log(`\ntest:cluster: ${results.length - failed.length} passed, ${failed.length} failed in ${seconds()}`);
  if (failed.length === 0) rmSync(workDir, { recursive: true, force: true });
  else console.log(`logs kept in ${workDir}`);
  process.exit(failed.length === 0 ? 0 : 1);
}

await main();
