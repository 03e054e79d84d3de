/**
 * Shared by parts E, F and G of the reliability battery: the app on PostgreSQL + Redis (never
 * PGlite, which serialises transactions and would hide races), users registered through the real
 * API from an address of the caller's choosing, and small statistics.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { failureEnvelopeSchema, loginResponseSchema, successEnvelope } from '@crossmart/contract';
import { expect } from 'vitest';
import type { App } from '../../app.ts';
import { verifyLedger } from '../../modules/ledger/index.ts';
import { createTestApp, type TestContext } from '../test-app.ts';

type TestAppOptions = NonNullable<Parameters<typeof createTestApp>[0]> & {
  /** Further temporary folders of the caller's, removed with the app's data folder on close. */
  ownDirs?: string[];
};

/** The app on the PostgreSQL and Redis `npm run test:reliability` names, with its own data folder. */
export async function reliabilityApp({
  ownDirs = [],
  ...options
}: TestAppOptions = {}): Promise<TestContext & { dataDir: string }> {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
    throw new Error('the reliability battery runs on PostgreSQL + Redis: use npm run test:reliability');
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crossmart-rel-efg-'));
  const ctx = await createTestApp({
    redisNamespace: `rel-efg-${randomBytes(4).toString('hex')}`,
    ...options,
    env: { DATA_DIR: dataDir, ...options.env },
  });
  return {
    ...ctx,
    dataDir,
    close: async () => {
      await ctx.close();
      for (const dir of [dataDir, ...ownDirs]) await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Every scenario ends with the books balanced. */
export async function expectLedgerClean(ctx: TestContext): Promise<void> {
  expect(await verifyLedger(ctx.database.db)).toMatchObject({ ok: true });
}

let sequence = 0;
/** A different documentation address (TEST-NET-3, then beyond) for each call: per-IP limits stay out of the way. */
export function nextAddress(): string {
  sequence += 1;
  return `203.0.${113 + Math.floor(sequence / 250)}.${(sequence % 250) + 1}`;
}

export interface RegisteredUser {
  id: number;
  token: string;
  account: string;
  email: string;
  password: string;
  /** Where the user registered (and so logged in) from: a known address of the account. */
  ip: string;
}

/** Registers a buyer through the API from a fresh address. */
export async function registerFrom(app: App, password = 'right-password-1'): Promise<RegisteredUser> {
  const tag = randomBytes(5).toString('hex');
  const account = `efg_${tag}`;
  const email = `${account}@example.com`;
  const ip = nextAddress();
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/register',
    remoteAddress: ip,
    payload: {
      account,
      password,
      repassword: password,
      family_name: 'Reliability',
      given_name: 'Efg',
      email,
      mobile: `+8170${String(Number.parseInt(tag.slice(0, 7), 16) % 1e8).padStart(8, '0')}`,
    },
  });
  const { data } = successEnvelope(loginResponseSchema).parse(res.json());
  return { id: data.userinfo.id, token: data.userinfo.token, account, email, password, ip };
}

/** A POST through `inject` from `ip`; the failure envelope's key, or `ok`. */
export async function outcomeOf(
  app: App,
  url: string,
  body: unknown,
  options: { ip?: string; token?: string; lang?: string } = {},
): Promise<{ error: string; msg: string; body: Record<string, unknown> }> {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { lang: options.lang ?? 'en', ...(options.token ? { token: options.token } : {}) },
    payload: body as Record<string, unknown>,
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
  const json = res.json() as Record<string, unknown>;
  if (json.code === 1) return { error: 'ok', msg: String(json.msg), body: json };
  const failure = failureEnvelopeSchema.parse(json);
  return { error: failure.error, msg: failure.msg, body: json };
}

/** How many times each value occurs. */
export function tally(values: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The 1-minute load average, printed beside timing figures (the machine is shared). */
export function loadAverage(): string {
  return os.loadavg()[0]?.toFixed(2) ?? '?';
}

/**
 * The violations of one scenario: each check that does not hold is noted (not thrown), so the
 * scenario reports its figures, failures included, before its test fails on them.
 */
export function violations() {
  const found: string[] = [];
  return {
    found,
    /** Notes a violation unless `actual` deep-equals `expected`. */
    same(what: string, actual: unknown, expected: unknown) {
      if (canonical(actual) !== canonical(expected)) {
        found.push(`${what}: expected ${canonical(expected)}, got ${canonical(actual)}`);
      }
    },
    /** Notes a violation unless `condition` holds. */
    holds(what: string, condition: boolean, detail: unknown = '') {
      if (!condition) found.push(`${what}${detail === '' ? '' : `: ${JSON.stringify(detail)}`}`);
    },
  };
}

/** JSON with object keys sorted, so that equal tallies compare equal whatever their order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}
