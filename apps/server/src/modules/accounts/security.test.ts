import {
  failureEnvelopeSchema,
  loginResponseSchema,
  sessionListSchema,
  successEnvelope,
  userInfoSchema,
} from '@crossmart/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import {
  createUser,
  defaultHashing,
  deliverPendingMail,
  listOutbox,
  type OutgoingMail,
  sessionsChanged,
} from './index.ts';

/** Issue 17 items 1, 2, 4, 5 and 13 on the accounts side. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
type Json = Record<string, unknown>;
type Body = { code: number; msg: string; data: unknown; error?: string; fields?: Record<string, string> };

async function call(method: 'GET' | 'POST', url: string, token?: string, body?: Json): Promise<Body> {
  const res = await ctx.app.inject({
    method,
    url,
    headers: { lang: 'en', ...(token ? { token } : {}) },
    ...(body ? { payload: body } : {}),
  });
  return res.json() as Body;
}

let sequence = 0;
async function register(overrides: Json = {}) {
  sequence += 1;
  const input = {
    account: `sec${sequence}`,
    password: 'secret1',
    repassword: 'secret1',
    family_name: 'Sato',
    given_name: 'Ken',
    email: `sec${sequence}@example.com`,
    mobile: `+8170${String(sequence).padStart(8, '0')}`,
    ...overrides,
  };
  const body = await call('POST', '/api/user/register', undefined, input);
  const { data } = successEnvelope(loginResponseSchema).parse(body);
  return { input, token: data.userinfo.token, id: data.userinfo.id };
}

async function login(account: string, password: string) {
  return successEnvelope(loginResponseSchema).parse(
    await call('POST', '/api/user/login', undefined, { account, password }),
  ).data.userinfo.token;
}

describe('demo passwords outside the demo seed', () => {
  it('refuses the seed passwords at sign-up, in any case', async () => {
    for (const password of ['admin123', 'Demo123', 'merchant123']) {
      const body = await call('POST', '/api/user/register', undefined, {
        account: `demo_pw_${password.toLowerCase()}`,
        password,
        repassword: password,
        family_name: 'A',
        given_name: 'B',
        email: `demo_pw_${password.toLowerCase()}@example.com`,
        mobile: '+81700000999',
      });
      expect(failureEnvelopeSchema.parse(body)).toMatchObject({
        error: 'PASSWORD_TOO_COMMON',
        fields: { password: 'This password is published with the demo data. Please choose another one.' },
      });
    }
  });

  it('refuses them for admin:create (createUser) and for a password change', async () => {
    await expect(
      createUser(db(), { account: 'ops_admin', password: 'admin123', role: 'admin' }, defaultHashing),
    ).rejects.toMatchObject({ key: 'PASSWORD_TOO_COMMON' });
    const user = await register();
    const body = await call('POST', '/api/user/resetpwd', user.token, {
      oldpassword: 'secret1',
      newpassword: 'admin123',
      renewpassword: 'admin123',
    });
    expect(failureEnvelopeSchema.parse(body)).toMatchObject({ error: 'PASSWORD_TOO_COMMON' });
    // The old password still works: nothing was changed.
    expect(await login(user.input.account, 'secret1')).toBeTruthy();
  });
});

describe('changing the email or mobile', () => {
  it('needs the current password; a wrong one answers like everywhere else', async () => {
    const user = await register();
    const without = await call('POST', '/api/user/profile', user.token, { email: 'thief@example.com' });
    expect(failureEnvelopeSchema.parse(without)).toMatchObject({
      error: 'VALIDATION_FAILED',
      fields: { password: 'Please enter your current password to change your email or mobile number.' },
    });
    const wrong = await call('POST', '/api/user/profile', user.token, { mobile: '+819911112222', password: 'nope99' });
    expect(failureEnvelopeSchema.parse(wrong)).toMatchObject({ error: 'PASSWORD_WRONG' });
    const info = successEnvelope(userInfoSchema).parse(await call('GET', '/api/user/getUserInfo', user.token));
    expect(info.data.email).toBe(user.input.email);
    // Names and avatar need no password.
    expect((await call('POST', '/api/user/profile', user.token, { given_name: 'Kenji' })).code).toBe(1);
  });

  it('changes with the password and tells the old address', async () => {
    const user = await register();
    const changed = await call('POST', '/api/user/profile', user.token, {
      email: `new${user.id}@example.com`,
      password: 'secret1',
    });
    expect(successEnvelope(userInfoSchema).parse(changed).data.email).toBe(`new${user.id}@example.com`);
    const [notice] = await listOutbox(db(), { to: user.input.email, limit: 1 });
    expect(notice).toMatchObject({ kind: 'contact_changed', userId: user.id });
    expect(notice?.text).toContain(user.input.account);
  });
});

describe('sessions', () => {
  it('ends a session 30 days after login however often it is used', async () => {
    const user = await register();
    expect((await call('GET', '/api/user/getUserInfo', user.token)).code).toBe(1);
    await db().update(sessions).set({ createdAt: sql`now() - interval '31 days'` }).where(eq(sessions.userId, user.id));
    // A write outside the app's functions announces itself, as an operator's script must (the session cache, ADR 0013).
    sessionsChanged(user.id);
    expect((await call('GET', '/api/user/getUserInfo', user.token)).code).toBe(401);
  });

  it('lists the user’s sessions, revokes one and logs out everywhere else', async () => {
    const user = await register();
    const second = await login(user.input.account, 'secret1');
    const third = await login(user.input.account, 'secret1');
    const stranger = await register();

    const listed = successEnvelope(sessionListSchema).parse(await call('GET', '/api/user/sessions', user.token));
    expect(listed.data.list).toHaveLength(3);
    expect(listed.data.list.filter((session) => session.current)).toHaveLength(1);
    expect(JSON.stringify(listed.data)).not.toContain(user.token);

    // Another user's session answers exactly like a missing one.
    const theirs = successEnvelope(sessionListSchema).parse(await call('GET', '/api/user/sessions', stranger.token));
    const theirId = theirs.data.list[0]?.id ?? 0;
    const notYours = await call('POST', '/api/user/session_revoke', user.token, { id: theirId });
    const missing = await call('POST', '/api/user/session_revoke', user.token, { id: 999_999_999 });
    const { request_id: _one, ...notYoursAnswer } = notYours as Body & { request_id?: string };
    const { request_id: _two, ...missingAnswer } = missing as Body & { request_id?: string };
    expect(notYoursAnswer).toEqual(missingAnswer);
    expect(notYours.error).toBe('NOT_FOUND');
    expect((await call('GET', '/api/user/getUserInfo', stranger.token)).code).toBe(1);

    const secondId = listed.data.list.find((session) => !session.current && session.id)?.id ?? 0;
    expect((await call('POST', '/api/user/session_revoke', user.token, { id: secondId })).code).toBe(1);
    const after = successEnvelope(sessionListSchema).parse(await call('GET', '/api/user/sessions', user.token));
    expect(after.data.list).toHaveLength(2);

    expect((await call('POST', '/api/user/session_revoke', user.token, { others: true })).code).toBe(1);
    expect((await call('GET', '/api/user/getUserInfo', second)).code).toBe(401);
    expect((await call('GET', '/api/user/getUserInfo', third)).code).toBe(401);
    expect((await call('GET', '/api/user/getUserInfo', user.token)).code).toBe(1);
  });
});

describe('the mailed reset code', () => {
  it('is not kept in the outbox once sent', async () => {
    const user = await register();
    expect((await call('POST', '/api/user/forgot_code', undefined, { account: user.input.account })).code).toBe(1);
    const sent: OutgoingMail[] = [];
    await deliverPendingMail(db(), { send: async (mail) => void sent.push(mail) });
    const code = sent.find((mail) => mail.to === user.input.email)?.text.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const [stored] = await listOutbox(db(), { to: user.input.email, limit: 1 });
    expect(stored?.status).toBe('sent');
    expect(stored?.text).not.toContain(code ?? 'no code');
  });
});
