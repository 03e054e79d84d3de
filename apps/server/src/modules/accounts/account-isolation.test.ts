import { successEnvelope, userInfoSchema } from '@crossmart/contract';
import { describe, expect, it } from 'vitest';
import { failure } from '../../test/http.ts';
import { accountsTestApp } from './account-test-kit.ts';

const { get, post, register, userRow } = accountsTestApp();

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
