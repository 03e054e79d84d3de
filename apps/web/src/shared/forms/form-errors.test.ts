/** @vitest-environment node */
import { readFileSync } from 'node:fs';
import {
  accountValidationKeys,
  addressValidationKeys,
  profileRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  resetPayRequestSchema,
} from '@crossmart/contract';
import { describe, expect, it } from 'vitest';
import en from '../../locales/forms/en.json';
import jp from '../../locales/forms/jp.json';
import { fieldErrors } from './form-errors.ts';

const validRegistration = {
  account: 'new_user',
  password: 'secret1',
  repassword: 'secret1',
  family_name: 'Sato',
  given_name: 'Hana',
  email: 'hana@example.com',
  mobile: '+81 90 1234 5678',
};

function keysOf(result: ReturnType<typeof fieldErrors>) {
  return Object.fromEntries(Object.entries(result).map(([field, message]) => [field, 'key' in message && message.key]));
}

describe('client-side rules use the contract and its message keys (docs/spec.md §5, §8)', () => {
  it('register: each rule names the spec message of its field', () => {
    const cases: [Partial<typeof validRegistration>, Record<string, string>][] = [
      [{ password: '12345', repassword: '12345' }, { password: 'validation.password_min' }],
      [{ repassword: 'other12' }, { repassword: 'validation.password_mismatch' }],
      [{ email: 'not-an-email' }, { email: 'validation.email_invalid' }],
      [{ mobile: '12ab' }, { mobile: 'validation.mobile_invalid' }],
      [{ account: 'a' }, { account: 'validation.account_format' }],
      [{ family_name: ' ' }, { family_name: 'validation.required' }],
    ];
    for (const [change, expected] of cases) {
      const result = registerRequestSchema.safeParse({ ...validRegistration, ...change });
      expect(keysOf(fieldErrors(result))).toEqual(expected);
    }
    expect(registerRequestSchema.safeParse(validRegistration).success).toBe(true);
  });

  it('change password: old password required, new one differs, confirmation matches', () => {
    const base = { oldpassword: 'old-pass', newpassword: 'new-pass', renewpassword: 'new-pass' };
    const check = (change: Partial<typeof base>) =>
      keysOf(fieldErrors(resetPasswordRequestSchema.safeParse({ ...base, ...change })));
    expect(check({ oldpassword: '' })).toEqual({ oldpassword: 'validation.old_password_required' });
    expect(check({ newpassword: 'old-pass', renewpassword: 'old-pass' })).toEqual({
      newpassword: 'validation.password_same',
    });
    expect(check({ renewpassword: 'new-pasX' })).toEqual({ renewpassword: 'validation.password_mismatch' });
    expect(check({ newpassword: 'short', renewpassword: 'short' })).toEqual({ newpassword: 'validation.password_min' });
  });

  it('reset with a mailed code: 6 digits', () => {
    const result = resetPasswordRequestSchema.safeParse({
      account: 'demo',
      code: '12a456',
      newpassword: 'new-pass',
      renewpassword: 'new-pass',
    });
    expect(keysOf(fieldErrors(result))).toEqual({ code: 'validation.code_format' });
  });

  it('payment code: digits only, repeated, different from the old one', () => {
    const check = (body: Record<string, string>) => keysOf(fieldErrors(resetPayRequestSchema.safeParse(body)));
    expect(check({ paypwd: '12345a', repaypwd: '12345a', password: 'x' })).toEqual({
      paypwd: 'validation.pay_password_format',
    });
    expect(check({ paypwd: '123456', repaypwd: '123457', password: 'x' })).toEqual({
      repaypwd: 'validation.password_mismatch',
    });
    expect(check({ paypwd: '123456', repaypwd: '123456', oldpaypwd: '123456' })).toEqual({
      paypwd: 'validation.pay_password_same',
    });
  });

  it('profile: email and mobile rules', () => {
    const result = profileRequestSchema.safeParse({ email: 'x@', mobile: '1' });
    expect(keysOf(fieldErrors(result))).toEqual({
      email: 'validation.email_invalid',
      mobile: 'validation.mobile_invalid',
    });
  });
});

describe('the web locales say what the server says', () => {
  const server = (file: string) =>
    JSON.parse(readFileSync(new URL(`../../../../server/src/i18n/messages/${file}.json`, import.meta.url), 'utf8'))
      .validation as Record<string, string>;

  it.each([
    ['en', en],
    ['jp', jp],
  ] as const)('%s: every account and address validation key has the server catalogue text', (file, web) => {
    const catalogue = server(file);
    const messages = web.validation as Record<string, string>;
    for (const key of [...accountValidationKeys, ...addressValidationKeys]) {
      const name = key.replace('validation.', '');
      expect(messages[name], key).toBe(catalogue[name]);
    }
  });
});
