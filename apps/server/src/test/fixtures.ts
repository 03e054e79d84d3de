import { randomBytes } from 'node:crypto';
import { loginResponseSchema, successEnvelope } from '@crossmart/contract';
import type { App } from '../app.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';

/** A user row for tests that need an owner but not a login (the password hash is not valid). */
export async function insertTestUser(
  db: Database,
  values: Partial<typeof users.$inferInsert> = {},
): Promise<{ id: number; account: string }> {
  const account = values.account ?? `u_${randomBytes(5).toString('hex')}`;
  const [row] = await db
    .insert(users)
    .values({ passwordHash: 'not-a-hash', ...values, account })
    .returning({ id: users.id, account: users.account });
  if (!row) throw new Error('insert returned no user');
  return row;
}

let registered = 0;

/** Registers a buyer through the real API and returns its id and token. */
export async function registerBuyer(
  app: App,
  overrides: Record<string, string> = {},
): Promise<{ id: number; token: string }> {
  registered += 1;
  const tag = `${Date.now().toString(36)}${registered}`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: {
      account: `buyer_${tag}`,
      password: 'secret123',
      repassword: 'secret123',
      family_name: 'Yamada',
      given_name: 'Hanako',
      email: `buyer_${tag}@example.com`,
      // The counter keeps registrations made in the same millisecond (concurrent tests) apart.
      mobile: `+8180${String(((Date.now() % 1e5) * 1000 + registered) % 1e8).padStart(8, '0')}`,
      ...overrides,
    },
  });
  const { data } = successEnvelope(loginResponseSchema).parse(res.json());
  return { id: data.userinfo.id, token: data.userinfo.token };
}
