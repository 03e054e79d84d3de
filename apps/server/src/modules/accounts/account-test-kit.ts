import { loginResponseSchema, successEnvelope } from '@crossmart/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { z } from 'zod';
import { users } from '../../db/schema/accounts.ts';
import { currentUser, requireAdmin, requireBuyer, requireMerchant, requireUser } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { apiClient, type Json } from '../../test/http.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { accountsSeedPart, listOutbox } from './index.ts';
import { payCodeKeys } from './pay-code-keys.ts';

/**
 * The app the accounts test files share: the demo users, and one test route per auth guard
 * (`/api/test/user|buyer|merchant|admin` answer the session's id and role). Call at the top of a
 * test file; it builds the app in `beforeAll` and closes it in `afterAll`.
 */
export function accountsTestApp() {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      seedDemo: true,
      seedParts: [accountsSeedPart],
      routes: (app) => {
        const whoAmI = {
          schema: { response: { 200: successEnvelope(z.object({ id: z.number(), role: z.string() })) } },
        };
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
  }, 120_000);
  afterAll(() => ctx.close());

  const api = apiClient(() => ctx.app);
  const db = () => ctx.database.db;

  // Starts past the demo users' mobiles (+819000000001 to 3), which the seed takes.
  let sequence = 100;
  /** A valid register body with a fresh account, email and mobile. */
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
    const body = await api.post('/api/user/register', input);
    const { data } = successEnvelope(loginResponseSchema).parse(body);
    return { input, token: data.userinfo.token, user: data.userinfo };
  }

  async function loginAs(account: string, password: string) {
    const body = await api.post('/api/user/login', { account, password });
    return successEnvelope(loginResponseSchema).parse(body).data.userinfo;
  }

  async function userRow(id: number) {
    const [row] = await db().select().from(users).where(eq(users.id, id));
    if (!row) throw new Error(`no user ${id}`);
    return row;
  }

  async function lastResetCode(email: string) {
    const [mail] = await listOutbox(db(), { to: email, limit: 1 });
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no reset code mailed to ${email}`);
    return code;
  }

  /** The app's pay-code key ring, for tests that check a code directly. */
  const payCodes = () => payCodeKeys(ctx.config);
  return { ...api, ctx: () => ctx, db, payCodes, newUser, register, loginAs, userRow, lastResetCode };
}
