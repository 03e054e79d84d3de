/**
 * The real server (compiled, `apps/server/dist/main.js`, as `npm start` runs it; production
 * settings, Redis under a namespace of its own) on a bench database holding a `scale-seed` catalog, with logged-in buyers who have a
 * balance, a payment code and an address: what `mix`, `memory` and `pglite` put load on.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { prepareDatabase } from '../apps/server/src/bootstrap.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { postTransaction } from '../apps/server/src/modules/ledger/index.ts';
import { ensureServerBuilt } from '../scripts/build-server.ts';
import { productionEnv } from '../scripts/lib/production-env.ts';
import { startServer } from './lib.ts';
import { seedCatalog } from './scale-seed.ts';

export type Engine = { url: string } | { dataDir: string };

/** Migrates and loads the bench catalog (the server is not running: PGlite allows one process). */
export async function prepareCatalog(engine: Engine, size: { products: number; shops: number }): Promise<void> {
  const handle = await openDatabase('url' in engine ? { url: engine.url, poolSize: 1 } : engine);
  try {
    await prepareDatabase(handle, { seedDemo: false, uploadDir: await mkdtemp(path.join(os.tmpdir(), 'bench-up-')) });
    await seedCatalog(handle.db, size);
  } finally {
    await handle.close();
  }
}

/**
 * The memory settings `npm start` gives the server (NODE_OPTIONS, MALLOC_ARENA_MAX in its
 * script; the Dockerfile sets the same), so the benches measure the server as it is run.
 */
export async function deployedRuntimeEnv(): Promise<Record<string, string>> {
  const { scripts } = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as {
    scripts: { start: string };
  };
  const nodeOptions = /NODE_OPTIONS="([^"$]*)/.exec(scripts.start)?.[1]?.trim();
  const arenas = /MALLOC_ARENA_MAX=(\d+)/.exec(scripts.start)?.[1];
  return { ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}), ...(arenas ? { MALLOC_ARENA_MAX: arenas } : {}) };
}

/** The two forms of the server: the build `npm start` and the image run, or the TypeScript sources. */
export const serverForms = { build: 'apps/server/dist/main.js', sources: 'apps/server/src/main.ts' } as const;

/**
 * Starts the server as deployed (the build, NODE_ENV=production, the memory settings of `npm
 * start`); `form: 'sources'` runs the TypeScript sources instead, for comparison. Redis keys go under
 * BENCH_REDIS_NAMESPACE when set (benches run side by side), else one namespace per port. The per-user
 * order limit is raised: the mix sends a few buyers' worth of checkouts per second, far more than
 * one person would.
 */
export async function startApp(
  engine: Engine,
  port: number,
  env: Record<string, string> = {},
  form: keyof typeof serverForms = 'build',
): Promise<ChildProcess> {
  const dataDir =
    'dataDir' in engine ? path.dirname(engine.dataDir) : await mkdtemp(path.join(os.tmpdir(), 'bench-data-'));
  if (form === 'build') await ensureServerBuilt();
  return startServer(
    serverForms[form],
    {
      ...productionEnv(process.env.BENCH_REDIS_NAMESPACE ?? `bench-perf-load-${port}`),
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      DATA_DIR: dataDir,
      ORDER_SWEEP_INTERVAL_MS: '0',
      HOUSEKEEPING_INTERVAL_MS: '0',
      REGISTER_MAX_PER_IP: '100000',
      ORDER_CREATE_MAX_PER_MINUTE: '100000',
      ORDER_PREVIEW_MAX_PER_MINUTE: '100000',
      ...(await deployedRuntimeEnv()),
      ...('url' in engine ? { DATABASE_URL: engine.url, DATABASE_POOL_SIZE: '20' } : {}),
      ...env,
    },
    `http://127.0.0.1:${port}/api/health`,
  );
}

async function post(port: number, route: string, body: unknown, token?: string) {
  const response = await fetch(`http://127.0.0.1:${port}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: 'en', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number; error?: string; data: unknown };
}

export interface Buyer {
  id: number;
  token: string;
  addressId: number;
}

/** Registers buyers through the API, gives each a payment code, a balance and an address. */
export async function registerBuyers(port: number, databaseUrl: string, count: number): Promise<Buyer[]> {
  const handle = await openDatabase({ url: databaseUrl, poolSize: 2 });
  const buyers: Buyer[] = [];
  try {
    for (let i = 0; i < count; i += 1) {
      const account = `mix_${Date.now().toString(36)}_${i}`;
      const registered = await post(port, '/api/user/register', {
        account,
        password: 'secret123',
        repassword: 'secret123',
        family_name: 'Bench',
        given_name: 'Buyer',
        email: `${account}@example.com`,
        mobile: `+8190${String(10_000_000 + i)}`,
      });
      const info = (registered.data as { userinfo?: { id: number; token: string } } | null)?.userinfo;
      if (!info) throw new Error(`register failed: ${JSON.stringify(registered)}`);
      const payCode = await post(
        port,
        '/api/user/resetPay',
        { paypwd: '123456', repaypwd: '123456', password: 'secret123' },
        info.token,
      );
      if (payCode.code !== 1) throw new Error(`resetPay failed: ${JSON.stringify(payCode)}`);
      await handle.db.transaction((tx) =>
        postTransaction(tx, {
          kind: 'recharge',
          reference: `bench-mix-${info.id}`,
          legs: [
            { account: { platform: 'external' }, amount: -1_000_000_000_000 },
            { account: { userId: info.id }, amount: 1_000_000_000_000 },
          ],
        }),
      );
      const address = await post(
        port,
        '/api/user/address_add',
        {
          name: 'Bench Buyer',
          mobile: '+818000000000',
          area: { codes: ['JP', 'JP-13', 'JP-13-shinjuku'], text: '日本 / 東京都 / 新宿区' },
          address: '西新宿 1-1',
          tag: 'home',
        },
        info.token,
      );
      const addressId = (address.data as { id?: number } | null)?.id;
      if (!addressId) throw new Error(`address_add failed: ${JSON.stringify(address)}`);
      buyers.push({ id: info.id, token: info.token, addressId });
    }
  } finally {
    await handle.close();
  }
  return buyers;
}
