import { healthSchema, publicConfigSchema, successEnvelope } from '@crossmart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUserWithRole } from '../../test/commerce-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { currencyExponent } from './platform.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/config', () => {
  it('tells the client the currency, its exponent, the time zone and languages', async () => {
    const res = await ctx.app.inject({ url: '/api/config' });
    const { data } = successEnvelope(publicConfigSchema).parse(res.json());
    expect(data).toEqual({
      currency: 'JPY',
      currency_exponent: 0,
      time_zone: 'Asia/Tokyo',
      default_language: 'jp',
      fallback_language: 'en',
      page_limit: 10,
      max_page_limit: 50,
      // Admin-editable (wallet settings), docs/product-rules.md (money) defaults.
      wallet: { withdrawal_fee_bp: 100, min_withdrawal: 1000 },
    });
  });

  it('knows ISO 4217 exponents', () => {
    expect(currencyExponent('JPY')).toBe(0);
    expect(currencyExponent('USD')).toBe(2);
    expect(currencyExponent('KWD')).toBe(3);
  });
});

describe('GET /api/health', () => {
  it('reports the database and Redis', async () => {
    const admin = await newUserWithRole(ctx.app, ctx.database.db, 'admin');
    const res = await ctx.app.inject({ url: '/api/health', headers: { token: admin.token } });
    expect(res.statusCode).toBe(200);
    const { data } = successEnvelope(healthSchema).parse(res.json());
    expect(data.status).toBe('ok');
    expect(data.database).toBe('ok');
    expect(data.database_engine).toBe(ctx.config.DATABASE_URL ? 'postgres' : 'pglite');
    expect(data.redis).toBe(ctx.config.REDIS_URL ? 'ok' : 'disabled');
  });
});

describe('OpenAPI', () => {
  it('documents the routes from their zod schemas', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/config', '/api/health', '/api/user/language_list']),
    );
    expect(JSON.stringify(doc.paths['/api/config'])).toContain('currency_exponent');
    const page = await ctx.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });
});
