import { failureEnvelopeSchema } from '@crossmart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { findNulCharacter } from './nul-guard.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('NUL characters in input', () => {
  it('finds the first string holding one, keys included', () => {
    expect(findNulCharacter({ a: 'ok', b: [1, { c: 'x\u0000' }] })).toBe('b.1.c');
    expect(findNulCharacter({ 'k\u0000': 1 })).toBe('k');
    expect(findNulCharacter('\u0000')).toBe('_');
    expect(findNulCharacter({ a: 'fine', b: null, c: 3 })).toBeUndefined();
    // Own keys only, as parsed input has: the fast check and the path agree.
    expect(findNulCharacter(Object.assign(Object.create({ inherited: '\u0000' }), { own: 'ok' }))).toBeUndefined();
    expect(findNulCharacter(Object.assign(Object.create(null), { q: ['a', 'b\u0000'] }))).toBe('q.1');
  });

  it('are refused as invalid input in a body or a query, never a 500 from PostgreSQL', async () => {
    const requests = [
      {
        method: 'POST' as const,
        url: '/api/user/register',
        payload: {
          account: 'nul_user',
          password: 'secret123',
          repassword: 'secret123',
          family_name: 'Ya\u0000mada',
          given_name: 'Hanako',
          email: 'nul@example.com',
          mobile: '+818012345670',
        },
        field: 'family_name',
      },
      { method: 'GET' as const, url: '/api/product/list?q=bag%00', field: 'q' },
      {
        method: 'POST' as const,
        url: '/api/user/login',
        payload: { account: '\u0000', password: 'x' },
        field: 'account',
      },
    ];
    for (const { method, url, payload, field } of requests) {
      const res = await ctx.app.inject({ method, url, headers: { lang: 'en' }, ...(payload ? { payload } : {}) });
      expect(res.statusCode, url).toBe(200);
      const body = failureEnvelopeSchema.parse(res.json());
      expect(body.error, url).toBe('VALIDATION_FAILED');
      expect(body.fields?.[field], url).toBe('This value is not valid.');
    }
  });
});
