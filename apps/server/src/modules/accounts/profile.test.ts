import { setLanguageResponseSchema, successEnvelope, userInfoSchema } from '@crossmart/contract';
import { describe, expect, it } from 'vitest';
import { failure } from '../../test/http.ts';
import { accountsTestApp } from './account-test-kit.ts';

const { get, post, register, userRow } = accountsTestApp();

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
