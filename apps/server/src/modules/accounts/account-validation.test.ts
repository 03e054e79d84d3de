import { accountValidationKeys } from '@crossmart/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { listCatalogueKeys } from '../../i18n/translate.ts';
import { failure, type Json } from '../../test/http.ts';
import { accountsTestApp } from './account-test-kit.ts';

const { post, db, newUser, register } = accountsTestApp();

describe('catalogues', () => {
  it('has every account validation message in English and Japanese', () => {
    for (const lang of ['en', 'jp'] as const) {
      const keys = new Set(listCatalogueKeys(lang));
      for (const key of accountValidationKeys) expect(keys.has(key), `${lang}: ${key}`).toBe(true);
    }
  });
});

describe('validation rules and messages', () => {
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
