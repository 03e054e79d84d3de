import { performance } from 'node:perf_hooks';
import { failureEnvelopeSchema, loginResponseSchema, successEnvelope } from '@crossmart/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

/** With the production argon2 cost (OWASP defaults), not the cheap test setting. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { ARGON2_MEMORY_KIB: String(19 * 1024), ARGON2_TIME_COST: '2' } });
});
afterAll(() => ctx.close());

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

describe('login timing', () => {
  it('takes about as long for an unknown account as for a wrong password (median difference < 10 ms)', async () => {
    const registered = successEnvelope(loginResponseSchema).parse(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/user/register',
          payload: {
            account: 'timing',
            password: 'right-password',
            repassword: 'right-password',
            family_name: 'T',
            given_name: 'T',
            email: 'timing@example.com',
            mobile: '+819011112222',
          },
        })
      ).json(),
    );
    const userId = registered.data.userinfo.id;
    const attempt = async (account: string) => {
      const started = performance.now();
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { account, password: 'wrong-password' },
      });
      const elapsed = performance.now() - started;
      expect(failureEnvelopeSchema.parse(res.json()).error).toBe('LOGIN_FAILED');
      return elapsed;
    };
    const wrongPassword: number[] = [];
    const unknownAccount: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      await attempt('timing');
      await attempt(`ghost-${i}`);
    }
    for (let i = 0; i < 20; i += 1) {
      // Keep the account below its lock so every try does the full verification.
      await ctx.database.db.update(users).set({ loginFailures: 0 }).where(eq(users.id, userId));
      // Alternate the order so that drift in machine load falls on both sides.
      if (i % 2 === 0) {
        wrongPassword.push(await attempt('timing'));
        unknownAccount.push(await attempt(`ghost-${i}`));
      } else {
        unknownAccount.push(await attempt(`ghost-${i}`));
        wrongPassword.push(await attempt('timing'));
      }
    }
    const difference = Math.abs(median(wrongPassword) - median(unknownAccount));
    console.log(
      `login timing: wrong password median ${median(wrongPassword).toFixed(1)} ms, unknown account median ${median(unknownAccount).toFixed(1)} ms, difference ${difference.toFixed(1)} ms`,
    );
    // Both do one argon2id verification at the production cost; otherwise the test would prove nothing.
    expect(median(unknownAccount)).toBeGreaterThan(5);
    expect(difference).toBeLessThan(10);
  });
});
