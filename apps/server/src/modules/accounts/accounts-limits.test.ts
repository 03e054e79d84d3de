import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, failure } from '../../test/http.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

/** The per-IP and per-account limits with small maxima (shared through Redis under test:pg). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    env: {
      LOGIN_MAX_FAILURES_PER_IP: '3',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '2',
      REGISTER_MAX_PER_IP: '3',
      RESET_MAX_PER_IP: '2',
    },
  });
});
afterAll(() => ctx.close());
const { post } = apiClient(() => ctx.app);

let sequence = 0;
const register = (ip: string, name?: string) => {
  sequence += 1;
  const account = name ?? `limit${sequence}`;
  return post(
    '/api/user/register',
    {
      account,
      password: 'secret1',
      repassword: 'secret1',
      family_name: 'L',
      given_name: 'L',
      email: `${account}@example.com`,
      mobile: `+8180${String(sequence).padStart(8, '0')}`,
    },
    { ip },
  );
};

describe('rate limits', () => {
  it('limits sign-ups per IP', async () => {
    for (let i = 0; i < 3; i += 1) expect((await register('10.0.0.1')).code).toBe(1);
    const limited = failure(await register('10.0.0.1'));
    expect(limited.error).toBe('RATE_LIMITED');
    expect(limited.msg).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    expect((await register('10.0.0.2')).code).toBe(1);
  });

  it('counts only failed logins: people who log in often are never throttled', async () => {
    await register('10.0.1.9', 'frequent');
    for (let i = 0; i < 6; i += 1) {
      expect(
        (await post('/api/user/login', { account: 'frequent', password: 'secret1' }, { ip: '10.0.1.1' })).code,
      ).toBe(1);
    }
  });

  it('limits failed logins per IP across accounts', async () => {
    for (let i = 0; i < 3; i += 1) {
      const body = await post('/api/user/login', { account: `spray-${i}`, password: 'guess123' }, { ip: '10.0.2.1' });
      expect(body.error).toBe('LOGIN_FAILED');
    }
    const limited = await post('/api/user/login', { account: 'spray-9', password: 'guess123' }, { ip: '10.0.2.1' });
    expect(limited.error).toBe('RATE_LIMITED');
    expect(
      (await post('/api/user/login', { account: 'spray-9', password: 'guess123' }, { ip: '10.0.2.2' })).error,
    ).toBe('LOGIN_FAILED');
  });

  it('limits failed logins per account name across IPs, for unknown accounts too', async () => {
    await register('10.0.3.9', 'target');
    for (const account of ['target', 'phantom']) {
      expect((await post('/api/user/login', { account, password: 'guess123' }, { ip: '10.0.3.1' })).error).toBe(
        'LOGIN_FAILED',
      );
      expect((await post('/api/user/login', { account, password: 'guess123' }, { ip: '10.0.3.2' })).error).toBe(
        'LOGIN_FAILED',
      );
      const limited = await post(
        '/api/user/login',
        { account: account.toUpperCase(), password: 'secret1' },
        { ip: '10.0.3.3' },
      );
      expect(limited.error).toBe('RATE_LIMITED');
    }
  });

  it('limits reset-code requests per IP', async () => {
    await register('10.0.4.9', 'forgetful');
    for (let i = 0; i < 2; i += 1) {
      expect((await post('/api/user/forgot_code', { account: 'forgetful' }, { ip: '10.0.4.1' })).code).toBe(1);
    }
    expect((await post('/api/user/forgot_code', { account: 'forgetful' }, { ip: '10.0.4.1' })).error).toBe(
      'RATE_LIMITED',
    );
    const guess = await post(
      '/api/user/resetpwd',
      { account: 'forgetful', code: '123456', newpassword: 'secret2', renewpassword: 'secret2' },
      { ip: '10.0.4.1' },
    );
    expect(guess.error).toBe('RATE_LIMITED');
  });
});
