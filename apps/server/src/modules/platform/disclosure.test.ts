import { healthSchema, successEnvelope } from '@crossmart/contract';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openApiPlugin } from '../../plugins/openapi.ts';
import { newUserWithRole } from '../../test/commerce-fixtures.ts';
import { registerBuyer } from '../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

/** Issue 17 item 13: what the health check and the API docs tell strangers. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/health', () => {
  it('answers only up or down publicly, and to buyers', async () => {
    const buyer = await registerBuyer(ctx.app);
    for (const headers of [{}, { token: buyer.token }]) {
      const res = await ctx.app.inject({ url: '/api/health', headers });
      // Only the status (ok, or degraded on a starved machine), never the parts.
      expect(Object.keys(res.json().data)).toEqual(['status']);
    }
  });

  it('gives admins the details', async () => {
    const admin = await newUserWithRole(ctx.app, ctx.database.db, 'admin');
    const res = await ctx.app.inject({ url: '/api/health', headers: { token: admin.token } });
    const { data } = successEnvelope(healthSchema).parse(res.json());
    expect(data.database).toBe('ok');
    expect(data.database_engine).toBe(ctx.config.DATABASE_URL ? 'postgres' : 'pglite');
  });
});

describe('API docs', () => {
  async function docPaths(hideAdmin: boolean): Promise<string[]> {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(openApiPlugin, { hideAdmin });
    const schema = { response: { 200: z.object({ ok: z.boolean() }) } };
    app.get('/api/admin/settings', { schema }, async () => ({ ok: true }));
    app.get('/api/config', { schema }, async () => ({ ok: true }));
    await app.ready();
    const res = await app.inject({ url: '/api/docs/json' });
    await app.close();
    return Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
  }

  it('hides the admin routes when asked (production without API_DOCS_ADMIN)', async () => {
    expect(await docPaths(true)).toEqual(['/api/config']);
    expect((await docPaths(false)).sort()).toEqual(['/api/admin/settings', '/api/config']);
  });

  it('shows admin routes in development, and in production only with API_DOCS_ADMIN', async () => {
    const { docsHideAdmin } = await import('../../plugins/openapi.ts');
    expect(docsHideAdmin({ NODE_ENV: 'development', API_DOCS_ADMIN: false })).toBe(false);
    expect(docsHideAdmin({ NODE_ENV: 'production', API_DOCS_ADMIN: false })).toBe(true);
    expect(docsHideAdmin({ NODE_ENV: 'production', API_DOCS_ADMIN: true })).toBe(false);
  });
});
