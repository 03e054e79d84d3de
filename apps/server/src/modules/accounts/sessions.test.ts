import { successEnvelope } from '@crossmart/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sessions } from '../../db/schema/index.ts';
import { failure } from '../../test/http.ts';
import { accountsTestApp } from './account-test-kit.ts';

const { get, post, db, register, loginAs, ctx } = accountsTestApp();

describe('sessions and the auth guard', () => {
  it('answers code 401 without a token, with a malformed or unknown one', async () => {
    for (const token of [undefined, 'x', 'A'.repeat(43), 'not a token at all!', 'B'.repeat(300)]) {
      const body = failure(await get('/api/user/getUserInfo', token ? { token } : {}));
      expect(body).toMatchObject({ code: 401, error: 'UNAUTHORIZED', msg: 'Please login first.' });
    }
  });

  it('ignores a token sent as a cookie', async () => {
    const { token } = await register();
    const res = await ctx().app.inject({ url: '/api/user/getUserInfo', headers: { cookie: `token=${token}` } });
    expect(failure(res.json()).code).toBe(401);
  });

  it('expires a session after 3 days without use and renews it on use', async () => {
    const { token, user } = await register();
    await db().update(sessions).set({ expiresAt: sql`now() + interval '1 hour'` }).where(eq(sessions.userId, user.id));
    expect((await get('/api/user/getUserInfo', { token })).code).toBe(1);
    const [renewed] = await db()
      .select({ left: sql<number>`extract(epoch from (${sessions.expiresAt} - now()))::int` })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(renewed?.left).toBeGreaterThan(3 * 24 * 3600 - 120);
    await db()
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, user.id));
    expect(failure(await get('/api/user/getUserInfo', { token })).code).toBe(401);
  });

  it('logout ends this session only (spec calls it with ?lang=zh-cn)', async () => {
    const { input, token } = await register();
    const other = await loginAs(input.account, input.password);
    const body = successEnvelope(z.null()).parse(await post('/api/user/logout?lang=zh-cn', {}, { token }));
    expect(body.msg).toBe('Logged out');
    expect(failure(await get('/api/user/getUserInfo', { token })).code).toBe(401);
    expect(failure(await post('/api/user/logout?lang=zh-cn', {}, { token })).code).toBe(401);
    expect((await get('/api/user/getUserInfo', { token: other.token })).code).toBe(1);
  });

  it('guards roles: buyer routes take buyers and merchants, merchant and admin routes their role only', async () => {
    const { token: buyer } = await register();
    const merchant = (await loginAs('merchant', 'merchant123')).token;
    const admin = (await loginAs('admin', 'admin123')).token;
    const expectations: [string, string, number, string?][] = [
      ['/api/test/user', buyer, 1],
      ['/api/test/buyer', buyer, 1],
      ['/api/test/buyer', merchant, 1],
      ['/api/test/buyer', admin, 0, 'FORBIDDEN'],
      ['/api/test/merchant', buyer, 0, 'MERCHANT_REQUIRED'],
      ['/api/test/merchant', merchant, 1],
      ['/api/test/admin', merchant, 0, 'FORBIDDEN'],
      ['/api/test/admin', admin, 1],
      ['/api/test/admin', '', 401, 'UNAUTHORIZED'],
    ];
    for (const [url, token, code, error] of expectations) {
      const body = await get(url, token ? { token } : {});
      expect(body.code, `${url} with ${token.slice(0, 6)}`).toBe(code);
      if (error) expect(body.error).toBe(error);
    }
  });
});
