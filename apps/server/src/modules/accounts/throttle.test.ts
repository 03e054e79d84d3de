import { failureEnvelopeSchema } from '@crossmart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { sourceKeyOf } from './source-key.ts';

/**
 * Issue 17 items 3 and 4: login and reset throttles that hold under concurrency and across
 * instances (durable rows, not an evictable in-process cache), IPv6 /64 sources, and an account
 * lock that a flood from elsewhere cannot turn against the owner's known address.
 */
let ctx: TestContext;
/** A second server on the same database, without Redis: another instance. */
let other: App;
beforeAll(async () => {
  ctx = await createTestApp({ env: { LOGIN_MAX_FAILURES_PER_IP: '3', LOGIN_MAX_FAILURES_PER_ACCOUNT: '20' } });
  other = await buildApp({ config: ctx.config, database: ctx.database, redisNamespace: 'throttle-other' });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await ctx.close();
});

type Body = { code: number; error?: string; msg: string };
async function post(url: string, payload: Record<string, unknown>, ip: string, app: App = ctx.app): Promise<Body> {
  const res = await app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers: { lang: 'en' } });
  return res.json() as Body;
}

let sequence = 0;
async function register(ip: string) {
  sequence += 1;
  const account = `thr${sequence}`;
  const body = await post(
    '/api/user/register',
    {
      account,
      password: 'secret1',
      repassword: 'secret1',
      family_name: 'T',
      given_name: 'T',
      email: `${account}@example.com`,
      mobile: `+8160${String(sequence).padStart(8, '0')}`,
    },
    ip,
  );
  expect(body.code).toBe(1);
  return account;
}

describe('source keys', () => {
  it('groups an IPv6 client by its /64 and keeps IPv4 addresses whole', () => {
    expect(sourceKeyOf('2001:db8:1:2:aaaa::1')).toBe(sourceKeyOf('2001:0db8:0001:0002:ffff:ffff:ffff:ffff'));
    expect(sourceKeyOf('2001:db8:1:2::1')).not.toBe(sourceKeyOf('2001:db8:1:3::1'));
    expect(sourceKeyOf('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(sourceKeyOf('10.1.2.3')).not.toBe(sourceKeyOf('10.1.2.4'));
  });
});

describe('login throttles', () => {
  it('counts each try before the password is checked: 12 parallel wrong logins, at most 3 checked', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post('/api/user/login', { account: `par-${i}`, password: 'x12345' }, '10.20.0.1'),
      ),
    );
    const errors = answers.map((body) => failureEnvelopeSchema.parse(body).error);
    expect(errors.filter((error) => error === 'LOGIN_FAILED')).toHaveLength(3);
    expect(errors.filter((error) => error === 'RATE_LIMITED')).toHaveLength(9);
  });

  it('limits an IPv6 client by its /64, whichever address of it it uses', async () => {
    for (let i = 1; i <= 3; i += 1) {
      const body = await post('/api/user/login', { account: `v6-${i}`, password: 'x12345' }, `2001:db8:7:7::${i}`);
      expect(body.error).toBe('LOGIN_FAILED');
    }
    expect((await post('/api/user/login', { account: 'v6-9', password: 'x12345' }, '2001:db8:7:7:1:2:3:4')).error).toBe(
      'RATE_LIMITED',
    );
    expect((await post('/api/user/login', { account: 'v6-9', password: 'x12345' }, '2001:db8:7:8::1')).error).toBe(
      'LOGIN_FAILED',
    );
  });

  it('holds across instances sharing the database (no Redis)', async () => {
    for (let i = 1; i <= 3; i += 1) {
      expect((await post('/api/user/login', { account: `inst-${i}`, password: 'x12345' }, '10.21.0.1')).error).toBe(
        'LOGIN_FAILED',
      );
    }
    const elsewhere = await post('/api/user/login', { account: 'inst-9', password: 'x12345' }, '10.21.0.1', other);
    expect(elsewhere.error).toBe('RATE_LIMITED');
  });

  it('keeps reset-code requests per account counted across instances', async () => {
    const account = await register('10.22.0.9');
    for (let i = 0; i < 5; i += 1) {
      const app = i % 2 === 0 ? ctx.app : other;
      expect((await post('/api/user/forgot_code', { account }, `10.22.1.${i}`, app)).code).toBe(1);
    }
    expect((await post('/api/user/forgot_code', { account }, '10.22.1.50', other)).error).toBe('RATE_LIMITED');
    expect((await post('/api/user/forgot_code', { account }, '10.22.1.51', ctx.app)).error).toBe('RATE_LIMITED');
  });
});

describe('expired counters', () => {
  it('are purged by housekeeping once their window has ended', async () => {
    const { runHousekeeping } = await import('../../jobs/housekeeping.ts');
    await post('/api/user/login', { account: 'purge-me', password: 'x12345' }, '10.40.0.1');
    const later = new Date(Date.now() + 16 * 60 * 1000);
    expect((await runHousekeeping(ctx.database.db, later)).throttles).toBeGreaterThanOrEqual(3);
    expect((await runHousekeeping(ctx.database.db, later)).throttles).toBe(0);
  });
});

describe('account lock without denial of service', () => {
  it('lets the owner in from a known address while a flood from elsewhere locks the account', async () => {
    const account = await register('10.30.0.1');
    const flood = [];
    for (let i = 1; i <= 12; i += 1) {
      flood.push(await post('/api/user/login', { account, password: `guess-${i}` }, `10.31.0.${i}`));
    }
    expect(flood.slice(0, 9).every((body) => body.error === 'LOGIN_FAILED')).toBe(true);
    expect(flood.slice(9).every((body) => body.error === 'ACCOUNT_LOCKED')).toBe(true);
    // A stranger with the right password is still refused: the account is locked for unknown sources.
    expect((await post('/api/user/login', { account, password: 'secret1' }, '10.31.1.1')).error).toBe('ACCOUNT_LOCKED');
    // The owner, from the address of an earlier session, gets in.
    expect((await post('/api/user/login', { account, password: 'secret1' }, '10.30.0.1')).code).toBe(1);
    // ... and that does not unlock the account for the flood.
    expect((await post('/api/user/login', { account, password: 'secret1' }, '10.31.1.2')).error).toBe('ACCOUNT_LOCKED');
  });
});
