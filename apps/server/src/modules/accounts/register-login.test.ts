import { createHash } from 'node:crypto';
import { loginResponseSchema, successEnvelope, userInfoSchema } from '@crossmart/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.ts';
import { failure } from '../../test/http.ts';
import { accountsTestApp } from './account-test-kit.ts';
import { verifyPayPassword } from './index.ts';

const { get, post, db, payCodes, newUser, register, loginAs, userRow } = accountsTestApp();

describe('register and login', () => {
  it('registers, logs in at once and stores only hashes', async () => {
    const { input, token, user } = await register({ email: ' Mixed.Case@Example.COM ', mobile: '+81 90-1234-0001' });
    expect(user).toMatchObject({
      account: input.account,
      family_name: 'Yamada',
      given_name: 'Taro',
      email: 'mixed.case@example.com',
      mobile: '+819012340001',
      role: 'buyer',
      balance: 0,
      has_pay_password: false,
      shop_id: null,
      language: 'en',
    });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await userRow(user.id);
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$/);
    expect(row.passwordHash).not.toContain(input.password);
    const [session] = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    const info = successEnvelope(userInfoSchema).parse(await get('/api/user/getUserInfo', { token }));
    expect(info.data).toEqual(userInfoSchema.parse(user));
  });

  it('answers taken account (any case), email and mobile with clear errors', async () => {
    const { input } = await register();
    const account = failure(await post('/api/user/register', newUser({ account: input.account.toUpperCase() })));
    expect(account).toMatchObject({ code: 0, error: 'ACCOUNT_TAKEN', msg: 'This account name is already taken.' });
    expect(account.fields?.account).toBe('This account name is already taken.');
    const email = failure(await post('/api/user/register', newUser({ email: input.email.toUpperCase() })));
    expect(email).toMatchObject({ error: 'EMAIL_TAKEN', msg: 'This email address is already registered.' });
    const mobile = failure(await post('/api/user/register', newUser({ mobile: input.mobile }), { lang: 'jp' }));
    expect(mobile).toMatchObject({ error: 'MOBILE_TAKEN', msg: 'この携帯電話番号は既に登録されています。' });
  });

  it('logs in by account name in any case, answering data.userinfo.token', async () => {
    const { input } = await register();
    const body = successEnvelope(loginResponseSchema).parse(
      await post('/api/user/login', { account: input.account.toUpperCase(), password: input.password }),
    );
    expect(body.msg).toBe('Login successful');
    expect(body.data.userinfo.account).toBe(input.account);
    expect(body.data.userinfo.token).toBeTruthy();
  });

  it('gives one answer for an unknown account and a wrong password', async () => {
    const { input } = await register();
    const wrong = failure(await post('/api/user/login', { account: input.account, password: 'wrong-password' }));
    const unknown = failure(await post('/api/user/login', { account: 'nobody-here', password: 'wrong-password' }));
    expect(wrong).toMatchObject({ code: 0, error: 'LOGIN_FAILED', msg: 'The account or password is incorrect.' });
    expect({ ...unknown, request_id: undefined }).toEqual({ ...wrong, request_id: undefined });
  });

  it('logs in the demo users of the seed with their roles and the demo payment code', async () => {
    const demo = await loginAs('demo', 'demo123');
    expect(demo).toMatchObject({ role: 'buyer', has_pay_password: true });
    await expect(verifyPayPassword(db(), demo.id, '123456', payCodes())).resolves.toBeUndefined();
    expect((await loginAs('merchant', 'merchant123')).role).toBe('merchant');
    expect((await loginAs('admin', 'admin123')).role).toBe('admin');
  });

  it('refuses a disabled account at login and for its open sessions', async () => {
    const { input, token, user } = await register();
    await db().update(users).set({ status: 'disabled' }).where(eq(users.id, user.id));
    expect(failure(await get('/api/user/getUserInfo', { token })).code).toBe(401);
    const body = failure(await post('/api/user/login', { account: input.account, password: input.password }));
    expect(body.error).toBe('ACCOUNT_DISABLED');
  });
});
