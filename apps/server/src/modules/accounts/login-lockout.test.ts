import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { failure } from '../../test/http.ts';
import { accountsTestApp } from './account-test-kit.ts';

const { post, db, register, loginAs, userRow } = accountsTestApp();

describe('login lockout', () => {
  it('locks after 10 failures for 15 minutes, refusing even the right password, then lets in again', async () => {
    const { input, user } = await register();
    for (let i = 1; i <= 9; i += 1) {
      const body = failure(await post('/api/user/login', { account: input.account, password: `wrong-${i}` }));
      expect(body.error).toBe('LOGIN_FAILED');
    }
    const tenth = failure(await post('/api/user/login', { account: input.account, password: 'wrong-10' }));
    expect(tenth).toMatchObject({
      error: 'ACCOUNT_LOCKED',
      msg: 'Too many failed attempts. Please try again in 15 minutes.',
    });
    const right = failure(await post('/api/user/login', { account: input.account, password: input.password }));
    expect(right.error).toBe('ACCOUNT_LOCKED');
    const locked = await userRow(user.id);
    const minutes = ((locked.loginLockedUntil?.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15.1);
    await db().update(users).set({ loginLockedUntil: sql`now() - interval '1 second'` }).where(eq(users.id, user.id));
    expect((await loginAs(input.account, input.password)).id).toBe(user.id);
    expect((await userRow(user.id)).loginFailures).toBe(0);
  });

  it('counts every one of 15 concurrent wrong logins', async () => {
    const { input, user } = await register();
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) => post('/api/user/login', { account: input.account, password: `bad-${i}` })),
    );
    const errors = answers.map((body) => failure(body).error);
    expect(errors.filter((e) => e === 'LOGIN_FAILED')).toHaveLength(9);
    expect(errors.filter((e) => e === 'ACCOUNT_LOCKED')).toHaveLength(6);
    const row = await userRow(user.id);
    expect(row.loginFailures).toBe(15);
    expect(row.loginLockedUntil).not.toBeNull();
  });
});
