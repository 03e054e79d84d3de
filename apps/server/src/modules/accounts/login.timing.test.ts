import { performance } from 'node:perf_hooks';
import { failureEnvelopeSchema, loginResponseSchema, successEnvelope } from '@crossmart/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authThrottles, users } from '../../db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { hashingFromConfig, hashSecret, verifySecret } from './passwords.ts';

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
  it('takes about as long for an unknown account as for a wrong password (median difference < 10 ms)', {
    timeout: 120_000,
  }, async () => {
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
    for (let i = 0; i < 3; i += 1) {
      await attempt('timing');
      await attempt(`ghost-warmup-${i}`);
    }
    const referenceHash = await hashSecret('reference', hashingFromConfig(ctx.config));
    /** One round: 25 tries of each, interleaved, alternating which goes first, and a bare verification. */
    const round = async (label: number) => {
      const wrongPassword: number[] = [];
      const unknownAccount: number[] = [];
      const bareVerification: number[] = [];
      for (let i = 0; i < 25; i += 1) {
        const started = performance.now();
        await verifySecret(referenceHash, 'wrong-password');
        bareVerification.push(performance.now() - started);
        // Keep the account below its lock so every try does the full verification.
        await ctx.database.db.update(users).set({ loginFailures: 0 }).where(eq(users.id, userId));
        await ctx.database.db.delete(authThrottles);
        if (i % 2 === 0) {
          wrongPassword.push(await attempt('timing'));
          unknownAccount.push(await attempt(`ghost-${label}-${i}`));
        } else {
          unknownAccount.push(await attempt(`ghost-${label}-${i}`));
          wrongPassword.push(await attempt('timing'));
        }
      }
      const wrong = median(wrongPassword);
      const unknown = median(unknownAccount);
      const bare = median(bareVerification);
      console.log(
        `login timing round ${label}: wrong password median ${wrong.toFixed(1)} ms, unknown account median ${unknown.toFixed(1)} ms, difference ${Math.abs(wrong - unknown).toFixed(1)} ms (one bare argon2id verification: ${bare.toFixed(1)} ms)`,
      );
      return { wrong, unknown, bare, difference: Math.abs(wrong - unknown) };
    };
    // A systematic leak (no dummy verification, an extra synchronous write) shows in every round;
    // a noisy machine shared with other jobs can spoil one. Up to three rounds, the best one counts.
    const rounds = [];
    for (let label = 1; label <= 3; label += 1) {
      const result = await round(label);
      rounds.push(result);
      if (result.difference < 10) break;
    }
    const best = rounds.reduce((a, b) => (b.difference < a.difference ? b : a));
    // The unknown-account answer must include a full verification at the production cost (a leak
    // that skipped it would take a fraction of it); otherwise the comparison would prove nothing.
    expect(best.unknown).toBeGreaterThan(0.8 * best.bare);
    expect(best.difference).toBeLessThan(10);
  });
});
