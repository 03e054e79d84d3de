import { createHash } from 'node:crypto';
import {
  accountValidationKeys,
  failureEnvelopeSchema,
  forgotCodeResponseSchema,
  loginResponseSchema,
  setLanguageResponseSchema,
  successEnvelope,
  userInfoSchema,
} from '@crossmart/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mailOutbox, passwordResetCodes, sessions, users } from '../../db/schema/index.ts';
import { listCatalogueKeys } from '../../i18n/translate.ts';
import { currentUser, requireAdmin, requireBuyer, requireMerchant, requireUser } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import {
  accountsSeedPart,
  createMailTransport,
  deliverPendingMail,
  listOutbox,
  type OutgoingMail,
  verifyPayPassword,
} from './index.ts';
import { lock } from './lockout.service.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({
    seedDemo: true,
    seedParts: [accountsSeedPart],
    routes: (app) => {
      const whoAmI = { schema: { response: { 200: successEnvelope(z.object({ id: z.number(), role: z.string() })) } } };
      const answer = async (request: Parameters<typeof currentUser>[0]) => {
        const user = currentUser(request);
        return ok(request, { id: user.id, role: user.role });
      };
      app.get('/api/test/user', { ...whoAmI, onRequest: requireUser }, answer);
      app.get('/api/test/buyer', { ...whoAmI, onRequest: requireBuyer }, answer);
      app.get('/api/test/merchant', { ...whoAmI, onRequest: requireMerchant }, answer);
      app.get('/api/test/admin', { ...whoAmI, onRequest: requireAdmin }, answer);
    },
  });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
type Json = Record<string, unknown>;

async function call(
  method: 'GET' | 'POST',
  url: string,
  options: { body?: Json; token?: string; lang?: string; ip?: string } = {},
) {
  const headers: Record<string, string> = { lang: options.lang ?? 'en' };
  if (options.token) headers.token = options.token;
  const res = await ctx.app.inject({
    method,
    url,
    headers,
    ...(options.body ? { payload: options.body } : {}),
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { code: number; msg: string; data: unknown; error?: string; fields?: Record<string, string> };
}
const post = (url: string, body: Json = {}, options: { token?: string; lang?: string; ip?: string } = {}) =>
  call('POST', url, { ...options, body });
const get = (url: string, options: { token?: string; lang?: string } = {}) => call('GET', url, options);

function failure(body: unknown) {
  return failureEnvelopeSchema.parse(body);
}

let sequence = 0;
function newUser(overrides: Json = {}) {
  sequence += 1;
  return {
    account: `user${sequence}`,
    password: 'secret1',
    repassword: 'secret1',
    family_name: 'Yamada',
    given_name: 'Taro',
    email: `user${sequence}@example.com`,
    mobile: `+8190${String(sequence).padStart(8, '0')}`,
    ...overrides,
  };
}

async function register(overrides: Json = {}) {
  const input = newUser(overrides);
  const body = await post('/api/user/register', input);
  const { data } = successEnvelope(loginResponseSchema).parse(body);
  return { input, token: data.userinfo.token, user: data.userinfo };
}

async function loginAs(account: string, password: string) {
  const body = await post('/api/user/login', { account, password });
  return successEnvelope(loginResponseSchema).parse(body).data.userinfo;
}

async function userRow(id: number) {
  const [row] = await db().select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

const lastResetCode = async (email: string) => {
  const [mail] = await listOutbox(db(), { to: email, limit: 1 });
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no reset code mailed to ${email}`);
  return code;
};

describe('catalogues', () => {
  it('has every account validation message in English and Japanese', () => {
    for (const lang of ['en', 'jp'] as const) {
      const keys = new Set(listCatalogueKeys(lang));
      for (const key of accountValidationKeys) expect(keys.has(key), `${lang}: ${key}`).toBe(true);
    }
  });
});

describe('validation rules and messages (spec §5, §8)', () => {
  const cases: { name: string; url: string; body: Json; field: string; en: string; jp: string; auth?: boolean }[] = [
    {
      name: 'login: account required',
      url: '/api/user/login',
      body: { password: 'secret1' },
      field: 'account',
      en: 'Please input account and password.',
      jp: 'アカウントとパスワードを入力してください。',
    },
    {
      name: 'login: password required',
      url: '/api/user/login',
      body: { account: 'someone', password: '' },
      field: 'password',
      en: 'Please input account and password.',
      jp: 'アカウントとパスワードを入力してください。',
    },
    {
      name: 'register: password at least 6 characters',
      url: '/api/user/register',
      body: newUser({ password: 'abc12', repassword: 'abc12' }),
      field: 'password',
      en: 'Password at least 6 characters.',
      jp: 'パスワードは6文字以上で入力してください。',
    },
    {
      name: 'register: passwords do not match',
      url: '/api/user/register',
      body: newUser({ repassword: 'secret2' }),
      field: 'repassword',
      en: 'The two passwords do not match.',
      jp: '2つのパスワードが一致しません。',
    },
    {
      name: 'register: valid email',
      url: '/api/user/register',
      body: newUser({ email: 'not-an-email' }),
      field: 'email',
      en: 'Please fill correct email.',
      jp: '正しいメールアドレスを入力してください。',
    },
    {
      name: 'register: valid mobile',
      url: '/api/user/register',
      body: newUser({ mobile: '12-ab' }),
      field: 'mobile',
      en: 'Please enter a correct mobile phone number.',
      jp: '正しい携帯電話番号を入力してください。',
    },
    {
      name: 'register: account format',
      url: '/api/user/register',
      body: newUser({ account: 'a b' }),
      field: 'account',
      en: 'The account must be 3 to 32 letters, digits or _ . @ -.',
      jp: 'アカウントは3〜32文字の英数字または _ . @ - で入力してください。',
    },
    {
      name: 'resetpwd: new password differs from the old one',
      url: '/api/user/resetpwd',
      body: { oldpassword: 'secret1', newpassword: 'secret1', renewpassword: 'secret1' },
      field: 'newpassword',
      en: 'New password must differ from the old one.',
      jp: '新しいパスワードは古いパスワードと異なるものにしてください。',
    },
    {
      name: 'resetpwd: confirmation matches',
      url: '/api/user/resetpwd',
      body: { oldpassword: 'secret1', newpassword: 'secret2', renewpassword: 'secret3' },
      field: 'renewpassword',
      en: 'The two passwords do not match.',
      jp: '2つのパスワードが一致しません。',
    },
    {
      name: 'resetpwd: new password at least 6 characters',
      url: '/api/user/resetpwd',
      body: { oldpassword: 'secret1', newpassword: 'short', renewpassword: 'short' },
      field: 'newpassword',
      en: 'Password at least 6 characters.',
      jp: 'パスワードは6文字以上で入力してください。',
    },
    {
      name: 'resetpwd: old password required when changing',
      url: '/api/user/resetpwd',
      body: { newpassword: 'secret2', renewpassword: 'secret2' },
      field: 'oldpassword',
      en: 'Please enter your current password.',
      jp: '現在のパスワードを入力してください。',
    },
    {
      name: 'resetpwd: 6-digit code',
      url: '/api/user/resetpwd',
      body: { account: 'someone', code: '12ab', newpassword: 'secret2', renewpassword: 'secret2' },
      field: 'code',
      en: 'Please enter the 6-digit code.',
      jp: '6桁の確認コードを入力してください。',
    },
    {
      name: 'resetPay: payment code at least 6 digits',
      url: '/api/user/resetPay',
      body: { paypwd: '12345', repaypwd: '12345', password: 'secret1' },
      field: 'paypwd',
      en: 'Payment code at least 6 characters and digits only.',
      jp: '支払いパスワードは6桁以上の数字のみで入力してください。',
      auth: true,
    },
    {
      name: 'resetPay: payment code digits only',
      url: '/api/user/resetPay',
      body: { paypwd: '12345a', repaypwd: '12345a', password: 'secret1' },
      field: 'paypwd',
      en: 'Payment code at least 6 characters and digits only.',
      jp: '支払いパスワードは6桁以上の数字のみで入力してください。',
      auth: true,
    },
    {
      name: 'resetPay: codes match',
      url: '/api/user/resetPay',
      body: { paypwd: '123456', repaypwd: '123457', password: 'secret1' },
      field: 'repaypwd',
      en: 'The two passwords do not match.',
      jp: '2つのパスワードが一致しません。',
      auth: true,
    },
    {
      name: 'resetPay: new code differs from the old one',
      url: '/api/user/resetPay',
      body: { paypwd: '123456', repaypwd: '123456', oldpaypwd: '123456' },
      field: 'paypwd',
      en: 'The new payment code must differ from the old one.',
      jp: '新しい支払いパスワードは古いものと異なるものにしてください。',
      auth: true,
    },
    {
      name: 'profile: valid email',
      url: '/api/user/profile',
      body: { email: 'x@' },
      field: 'email',
      en: 'Please fill correct email.',
      jp: '正しいメールアドレスを入力してください。',
      auth: true,
    },
    {
      name: 'profile: valid mobile',
      url: '/api/user/profile',
      body: { mobile: '123' },
      field: 'mobile',
      en: 'Please enter a correct mobile phone number.',
      jp: '正しい携帯電話番号を入力してください。',
      auth: true,
    },
  ];

  let token: string;
  beforeAll(async () => {
    token = (await register()).token;
  });

  for (const rule of cases) {
    it(rule.name, async () => {
      for (const lang of ['en', 'jp'] as const) {
        const body = failure(await post(rule.url, rule.body, { lang, ...(rule.auth ? { token } : {}) }));
        expect(body.code).toBe(0);
        expect(body.error).toBe('VALIDATION_FAILED');
        expect(body.fields?.[rule.field]).toBe(lang === 'en' ? rule.en : rule.jp);
      }
    });
  }

  it('changes nothing when validation fails', async () => {
    const before = await db().select({ n: sql<number>`count(*)::int` }).from(users);
    await post('/api/user/register', newUser({ email: 'bad' }));
    const after = await db().select({ n: sql<number>`count(*)::int` }).from(users);
    expect(after).toEqual(before);
  });

  it('asks for the current payment code when changing it, and for the login password the first time', async () => {
    const { token: fresh } = await register();
    const first = failure(await post('/api/user/resetPay', { paypwd: '246810', repaypwd: '246810' }, { token: fresh }));
    expect(first.fields?.password).toBe('Please enter your login password to set the payment code.');
    expect(
      (
        await post(
          '/api/user/resetPay',
          { paypwd: '246810', repaypwd: '246810', password: 'secret1' },
          { token: fresh },
        )
      ).code,
    ).toBe(1);
    const change = failure(
      await post('/api/user/resetPay', { paypwd: '135790', repaypwd: '135790' }, { token: fresh }),
    );
    expect(change.fields?.oldpaypwd).toBe('Please enter your current payment code.');
  });
});

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
    await expect(verifyPayPassword(db(), demo.id, '123456')).resolves.toBeUndefined();
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

describe('sessions and the auth guard', () => {
  it('answers code 401 without a token, with a malformed or unknown one', async () => {
    for (const token of [undefined, 'x', 'A'.repeat(43), 'not a token at all!', 'B'.repeat(300)]) {
      const body = failure(await get('/api/user/getUserInfo', token ? { token } : {}));
      expect(body).toMatchObject({ code: 401, error: 'UNAUTHORIZED', msg: 'Please login first.' });
    }
  });

  it('ignores a token sent as a cookie', async () => {
    const { token } = await register();
    const res = await ctx.app.inject({ url: '/api/user/getUserInfo', headers: { cookie: `token=${token}` } });
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
      ['/api/test/merchant', buyer, 0, 'FORBIDDEN'],
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

describe('password change and reset', () => {
  it('changes the password with the old one and ends every session at once', async () => {
    const { input, token } = await register();
    const second = await loginAs(input.account, input.password);
    const wrong = failure(
      await post(
        '/api/user/resetpwd',
        { oldpassword: 'not-mine', newpassword: 'secret2', renewpassword: 'secret2' },
        { token },
      ),
    );
    expect(wrong).toMatchObject({ error: 'PASSWORD_WRONG', msg: 'The password is incorrect.' });
    const body = await post(
      '/api/user/resetpwd',
      { oldpassword: input.password, newpassword: 'secret2', renewpassword: 'secret2' },
      { token },
    );
    expect(body).toMatchObject({ code: 1, msg: 'Changed successfully' });
    expect(failure(await get('/api/user/getUserInfo', { token })).code).toBe(401);
    expect(failure(await get('/api/user/getUserInfo', { token: second.token })).code).toBe(401);
    expect(failure(await post('/api/user/login', { account: input.account, password: input.password })).error).toBe(
      'LOGIN_FAILED',
    );
    expect((await loginAs(input.account, 'secret2')).account).toBe(input.account);
  });

  it('needs a token to change the password', async () => {
    const body = failure(
      await post('/api/user/resetpwd', { oldpassword: 'secret1', newpassword: 'secret2', renewpassword: 'secret2' }),
    );
    expect(body.code).toBe(401);
  });

  it('resets with a mailed 6-digit code once, ending every session', async () => {
    const { input, token } = await register();
    const sent = successEnvelope(forgotCodeResponseSchema).parse(
      await post('/api/user/forgot_code', { account: input.account }),
    );
    expect(sent.data.expires_in_minutes).toBe(10);
    const [mail] = await listOutbox(db(), { to: input.email });
    expect(mail).toMatchObject({ kind: 'password_reset', status: 'pending' });
    const code = await lastResetCode(input.email);
    const [stored] = await db().select().from(passwordResetCodes).orderBy(sql`${passwordResetCodes.id} desc`).limit(1);
    expect(stored?.codeHash).toMatch(/^\$argon2id\$/);
    expect(stored?.codeHash).not.toContain(code);
    const expiresIn = (stored?.expiresAt.getTime() ?? 0) - (stored?.createdAt.getTime() ?? 0);
    expect(expiresIn).toBe(10 * 60 * 1000);

    const reset = { account: input.account, code, newpassword: 'secret9', renewpassword: 'secret9' };
    expect((await post('/api/user/resetpwd', reset)).code).toBe(1);
    expect(failure(await get('/api/user/getUserInfo', { token })).code).toBe(401);
    expect((await loginAs(input.account, 'secret9')).account).toBe(input.account);
    const again = failure(
      await post('/api/user/resetpwd', { ...reset, newpassword: 'secret8', renewpassword: 'secret8' }),
    );
    expect(again).toMatchObject({ error: 'RESET_CODE_INVALID' });
  });

  it('refuses an expired code, a superseded code and the current password as the new one', async () => {
    const { input } = await register();
    await post('/api/user/forgot_code', { account: input.account });
    const first = await lastResetCode(input.email);
    await post('/api/user/forgot_code', { account: input.account });
    const second = await lastResetCode(input.email);
    const attempt = (code: string, password = 'secret7') =>
      post('/api/user/resetpwd', { account: input.account, code, newpassword: password, renewpassword: password });
    if (first !== second) expect(failure(await attempt(first)).error).toBe('RESET_CODE_INVALID');
    expect(failure(await attempt(second, input.password))).toMatchObject({
      error: 'PASSWORD_SAME',
      msg: 'New password must differ from the old one.',
    });
    const [row] = await db().select().from(users).where(eq(users.account, input.account));
    await db()
      .update(passwordResetCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetCodes.userId, row?.id ?? 0));
    expect(failure(await attempt(second)).error).toBe('RESET_CODE_INVALID');
  });

  it('voids a code after 5 wrong tries', async () => {
    const { input } = await register();
    await post('/api/user/forgot_code', { account: input.account });
    const code = await lastResetCode(input.email);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const body = await post('/api/user/resetpwd', {
        account: input.account,
        code: wrongCode,
        newpassword: 'secret5',
        renewpassword: 'secret5',
      });
      expect(failure(body).error).toBe('RESET_CODE_INVALID');
    }
    const right = await post('/api/user/resetpwd', {
      account: input.account,
      code,
      newpassword: 'secret5',
      renewpassword: 'secret5',
    });
    expect(failure(right).error).toBe('RESET_CODE_INVALID');
  });

  it('answers forgot_code the same for an unknown account and mails nothing', async () => {
    const before = await db().select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    const body = successEnvelope(forgotCodeResponseSchema).parse(
      await post('/api/user/forgot_code', { account: 'no-such-account' }),
    );
    expect(body.data.expires_in_minutes).toBe(10);
    const after = await db().select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    expect(after).toEqual(before);
    const reset = await post('/api/user/resetpwd', {
      account: 'no-such-account',
      code: '123456',
      newpassword: 'secret5',
      renewpassword: 'secret5',
    });
    expect(failure(reset).error).toBe('RESET_CODE_INVALID');
  });

  it('mails the code in the user language', async () => {
    const { input } = await register();
    const { token } = await register();
    await get('/api/user/set_language?file_name=jp', { token });
    const info = successEnvelope(userInfoSchema).parse(await get('/api/user/getUserInfo', { token }));
    expect(info.data.language).toBe('jp');
    await post('/api/user/forgot_code', { account: info.data.account });
    const [mail] = await listOutbox(db(), { to: info.data.email ?? '' });
    expect(mail?.subject).toContain('パスワード再設定コード');
    await post('/api/user/forgot_code', { account: input.account });
    const [english] = await listOutbox(db(), { to: input.email });
    expect(english?.subject).toContain('password reset code');
  });
});

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

describe('payment code', () => {
  async function withPayCode() {
    const registered = await register();
    const set = await post(
      '/api/user/resetPay',
      { paypwd: '482915', repaypwd: '482915', password: registered.input.password },
      { token: registered.token },
    );
    expect(set.code).toBe(1);
    return registered;
  }

  it('sets the code with the login password, then changes it with the old code', async () => {
    const { token, user } = await withPayCode();
    const row = await userRow(user.id);
    expect(row.payPasswordHash).toMatch(/^\$argon2id\$/);
    const info = successEnvelope(userInfoSchema).parse(await get('/api/user/getUserInfo', { token }));
    expect(info.data.has_pay_password).toBe(true);
    const wrongOld = failure(
      await post('/api/user/resetPay', { paypwd: '111222', repaypwd: '111222', oldpaypwd: '000000' }, { token }),
    );
    expect(wrongOld).toMatchObject({
      error: 'PAY_PASSWORD_WRONG',
      msg: 'The payment password is incorrect. 4 tries left.',
    });
    const changed = await post(
      '/api/user/resetPay',
      { paypwd: '111222', repaypwd: '111222', oldpaypwd: '482915' },
      { token },
    );
    expect(changed.code).toBe(1);
    await expect(verifyPayPassword(db(), user.id, '111222')).resolves.toBeUndefined();
    expect((await userRow(user.id)).payFailures).toBe(0);
  });

  it('sets a new code with the login password when the old one is forgotten, ending a pay lock', async () => {
    const { token, user, input } = await withPayCode();
    for (let i = 0; i < 5; i += 1) await verifyPayPassword(db(), user.id, '000000').catch(() => undefined);
    await expect(verifyPayPassword(db(), user.id, '482915')).rejects.toMatchObject({ key: 'PAY_LOCKED' });
    const wrong = failure(
      await post('/api/user/resetPay', { paypwd: '731864', repaypwd: '731864', password: 'not-mine' }, { token }),
    );
    expect(wrong.error).toBe('PASSWORD_WRONG');
    await expect(verifyPayPassword(db(), user.id, '731864')).rejects.toMatchObject({ key: 'PAY_LOCKED' });
    const reset = await post(
      '/api/user/resetPay',
      { paypwd: '731864', repaypwd: '731864', password: input.password },
      { token },
    );
    expect(reset.code).toBe(1);
    await expect(verifyPayPassword(db(), user.id, '731864')).resolves.toBeUndefined();
    await expect(verifyPayPassword(db(), user.id, '482915')).rejects.toMatchObject({ key: 'PAY_PASSWORD_WRONG' });
  });

  it('refuses a wrong login password when setting the first code', async () => {
    const { token } = await register();
    const body = failure(
      await post('/api/user/resetPay', { paypwd: '482915', repaypwd: '482915', password: 'not-mine' }, { token }),
    );
    expect(body.error).toBe('PASSWORD_WRONG');
  });

  it('answers PAY_PASSWORD_NOT_SET before a code exists', async () => {
    const { user } = await register();
    await expect(verifyPayPassword(db(), user.id, '123456')).rejects.toMatchObject({ key: 'PAY_PASSWORD_NOT_SET' });
  });

  it('locks payment for 30 minutes after 5 wrong codes', async () => {
    const { user } = await withPayCode();
    for (let i = 1; i <= 4; i += 1) {
      await expect(verifyPayPassword(db(), user.id, '000000')).rejects.toMatchObject({
        key: 'PAY_PASSWORD_WRONG',
        params: { remaining: 5 - i },
      });
    }
    await expect(verifyPayPassword(db(), user.id, '000000')).rejects.toMatchObject({
      key: 'PAY_LOCKED',
      params: { minutes: 30 },
    });
    await expect(verifyPayPassword(db(), user.id, '482915')).rejects.toMatchObject({ key: 'PAY_LOCKED' });
    await db().update(users).set({ payLockedUntil: sql`now() - interval '1 second'` }).where(eq(users.id, user.id));
    await expect(verifyPayPassword(db(), user.id, '482915')).resolves.toBeUndefined();
  });

  it('counts exactly 20 of 20 concurrent wrong codes and verifies at most 5 (truly concurrent on PostgreSQL)', async () => {
    const { user } = await withPayCode();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => verifyPayPassword(db(), user.id, '999999')),
    );
    const keys = results.map((result) =>
      result.status === 'rejected' ? (result.reason as { key?: string }).key : 'accepted',
    );
    expect(keys.filter((key) => key === 'PAY_PASSWORD_WRONG')).toHaveLength(4);
    expect(keys.filter((key) => key === 'PAY_LOCKED')).toHaveLength(16);
    const row = await userRow(user.id);
    expect(row.payFailures).toBe(20);
    expect((row.payLockedUntil?.getTime() ?? 0) - Date.now()).toBeGreaterThan(29 * 60_000);
  });

  it('never leaves a lock behind once a correct code has reset the count (a late lock of a surplus try)', async () => {
    const { user } = await withPayCode();
    // A surplus try claimed number 6 while 5 correct ones were verifying; they reset the count first.
    await db().update(users).set({ payFailures: 0, payLockedUntil: null }).where(eq(users.id, user.id));
    await lock(db(), user.id, 'pay');
    expect((await userRow(user.id)).payLockedUntil).toBeNull();
    await expect(verifyPayPassword(db(), user.id, '482915')).resolves.toBeUndefined();
    // With the count still at the limit the lock holds.
    await db().update(users).set({ payFailures: 6 }).where(eq(users.id, user.id));
    expect(await lock(db(), user.id, 'pay')).toBe(30);
    await expect(verifyPayPassword(db(), user.id, '482915')).rejects.toMatchObject({ key: 'PAY_LOCKED' });
  });

  it('refuses to run inside a transaction, where a rollback would erase the count', async () => {
    const { user } = await withPayCode();
    await expect(db().transaction((tx) => verifyPayPassword(tx, user.id, '000000'))).rejects.toThrow(
      /root database handle/,
    );
    expect((await userRow(user.id)).payFailures).toBe(0);
  });

  it('counts concurrent wrong codes sent through resetPay too', async () => {
    const { token, user } = await withPayCode();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        post('/api/user/resetPay', { paypwd: '111333', repaypwd: '111333', oldpaypwd: '000111' }, { token }),
      ),
    );
    expect(answers.every((body) => body.code === 0)).toBe(true);
    expect((await userRow(user.id)).payFailures).toBe(8);
  });
});

describe("another user's token", () => {
  it("never reads or changes this user's data", async () => {
    const a = await register();
    const b = await register();
    const aBefore = await userRow(a.user.id);

    const info = successEnvelope(userInfoSchema).parse(await get('/api/user/getUserInfo', { token: b.token }));
    expect(info.data.id).toBe(b.user.id);
    expect(JSON.stringify(info.data)).not.toContain(a.input.email);

    const profile = successEnvelope(userInfoSchema).parse(
      await post(
        '/api/user/profile',
        { id: a.user.id, user_id: a.user.id, family_name: 'Changed' },
        { token: b.token },
      ),
    );
    expect(profile.data).toMatchObject({ id: b.user.id, family_name: 'Changed' });

    const taken = failure(
      await post('/api/user/profile', { email: a.input.email, password: b.input.password }, { token: b.token }),
    );
    expect(taken.error).toBe('EMAIL_TAKEN');

    const pwd = failure(
      await post(
        '/api/user/resetpwd',
        {
          oldpassword: a.input.password === b.input.password ? 'x-not-b' : a.input.password,
          newpassword: 'hijack1',
          renewpassword: 'hijack1',
        },
        { token: b.token },
      ),
    );
    expect(pwd.error).toBe('PASSWORD_WRONG');

    await get('/api/user/set_language?file_name=de', { token: b.token });
    await post(
      '/api/user/resetPay',
      { paypwd: '777777', repaypwd: '777777', password: b.input.password },
      {
        token: b.token,
      },
    );
    await post('/api/user/logout', {}, { token: b.token });

    const aAfter = await userRow(a.user.id);
    expect(aAfter).toEqual(aBefore);
    expect((await get('/api/user/getUserInfo', { token: a.token })).code).toBe(1);
  });
});

describe('profile and language', () => {
  it('changes only the fields sent', async () => {
    const { token, input } = await register();
    const body = successEnvelope(userInfoSchema).parse(
      await post('/api/user/profile', { given_name: 'Hanako', avatar: '/uploads/avatar/abc.webp' }, { token }),
    );
    expect(body.msg).toBe('Saved successfully');
    expect(body.data).toMatchObject({
      given_name: 'Hanako',
      family_name: 'Yamada',
      email: input.email,
      avatar: '/uploads/avatar/abc.webp',
    });
    for (const avatar of ['javascript:alert(1)', '/uploads/../api/user/logout', 'http://example.com/a.png']) {
      const bad = failure(await post('/api/user/profile', { avatar }, { token }));
      expect(bad.fields?.avatar).toBe('Please upload a picture.');
    }
  });

  it('saves the language file name', async () => {
    const { token, user } = await register();
    const body = successEnvelope(setLanguageResponseSchema).parse(
      await get('/api/user/set_language?file_name=zh-hk', { token }),
    );
    expect(body.data.language).toBe('zh-hk');
    expect((await userRow(user.id)).language).toBe('zh-hk');
    expect(failure(await get('/api/user/set_language?file_name=xx', { token })).error).toBe('VALIDATION_FAILED');
    expect(failure(await get('/api/user/set_language?file_name=en')).code).toBe(401);
  });
});

describe('mail outbox and transport', () => {
  it('keeps mail in the outbox without SMTP, and a transport sends and marks it', async () => {
    expect(createMailTransport(ctx.config)).toBeUndefined();
    expect(createMailTransport({ ...ctx.config, SMTP_HOST: 'smtp.example.invalid' })).toBeDefined();
    const { input } = await register();
    await post('/api/user/forgot_code', { account: input.account });
    const sent: OutgoingMail[] = [];
    const result = await deliverPendingMail(db(), {
      send: async (mail) => {
        sent.push(mail);
      },
    });
    expect(result.sent).toBeGreaterThanOrEqual(1);
    expect(sent.some((mail) => mail.to === input.email && /\b\d{6}\b/.test(mail.text))).toBe(true);
    const [row] = await listOutbox(db(), { to: input.email });
    expect(row?.status).toBe('sent');
  });

  it('marks a mail failed after 3 failed sends', async () => {
    const { input } = await register();
    await post('/api/user/forgot_code', { account: input.account });
    const broken = {
      send: async () => {
        throw new Error('connection refused');
      },
    };
    for (let i = 0; i < 3; i += 1) await deliverPendingMail(db(), broken);
    const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, input.email));
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'connection refused' });
  });
});
