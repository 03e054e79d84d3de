import { forgotCodeResponseSchema, successEnvelope, userInfoSchema } from '@crossmart/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, passwordResetCodes, users } from '../../db/schema/index.ts';
import { failure } from '../../test/http.ts';
import { accountsTestApp } from './account-test-kit.ts';
import { listOutbox } from './index.ts';

const { get, post, db, register, loginAs, lastResetCode } = accountsTestApp();

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
