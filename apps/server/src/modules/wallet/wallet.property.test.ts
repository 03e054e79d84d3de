import {
  extractAuditRequestSchema,
  extractRequestSchema,
  rechargeAuditRequestSchema,
  rechargeRequestSchema,
} from '@crossmart/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { insertTestUser } from '../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { getPlatformBalances, getUserBalance, postTransaction, verifyLedger } from '../ledger/index.ts';
import { auditRecharge, auditWithdrawal, createRecharge, requestWithdrawal } from './wallet.service.ts';

let ctx: TestContext;
let db: Database;
let adminId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
  adminId = (await insertTestUser(db, { role: 'admin' })).id;
});
afterAll(() => ctx.close());

type Operation =
  | { op: 'recharge'; user: number; amount: number; actual: number; pass: boolean }
  | { op: 'withdraw'; user: number; amount: number }
  | { op: 'auditWithdrawal'; pick: number; pass: boolean }
  | { op: 'pay'; user: number; amount: number }
  | { op: 'refund'; user: number; amount: number };

const user = fc.integer({ min: 0, max: 2 });
const amount = fc.integer({ min: 1, max: 20_000 });
const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ op: fc.constant('recharge' as const), user, amount, actual: amount, pass: fc.boolean() }),
  fc.record({ op: fc.constant('withdraw' as const), user, amount: fc.integer({ min: 1, max: 30_000 }) }),
  fc.record({ op: fc.constant('auditWithdrawal' as const), pick: fc.nat(), pass: fc.boolean() }),
  fc.record({ op: fc.constant('pay' as const), user, amount }),
  fc.record({ op: fc.constant('refund' as const), user, amount }),
);

const expectedFailures = new Set(['WITHDRAW_AMOUNT_INVALID', 'WITHDRAW_BELOW_MINIMUM', 'INSUFFICIENT_BALANCE']);
let reference = 0;

describe('wallet flows keep the ledger invariants (fast-check)', () => {
  it('random recharges, audits, withdrawals, refusals and pay-like transfers match a model', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 20 }), async (operations) => {
        const users = [(await insertTestUser(db)).id, (await insertTestUser(db)).id, (await insertTestUser(db)).id];
        const model = new Map(users.map((id) => [id, 0]));
        const escrowModel = new Map(users.map((id) => [id, 0]));
        const pending: Array<{ id: number; user: number; amount: number; fee: number }> = [];
        const before = await getPlatformBalances(db);
        let pendingTotal = 0;
        let feesTotal = 0;
        for (const step of operations) {
          const userId = 'user' in step ? (users[step.user] ?? 0) : 0;
          try {
            if (step.op === 'recharge') {
              const created = await db.transaction((tx) =>
                createRecharge(tx, userId, rechargeRequestSchema.parse({ method: 'manual', amount: step.amount })),
              );
              await db.transaction((tx) =>
                auditRecharge(
                  tx,
                  adminId,
                  rechargeAuditRequestSchema.parse(
                    step.pass
                      ? { id: created.id, status: 1, actual_amount: step.actual }
                      : { id: created.id, status: 2, reason: 'no' },
                  ),
                ),
              );
              if (step.pass) model.set(userId, (model.get(userId) ?? 0) + step.actual);
            } else if (step.op === 'withdraw') {
              const withdrawal = await db.transaction((tx) =>
                requestWithdrawal(
                  tx,
                  userId,
                  extractRequestSchema.parse({
                    type: 'bank',
                    amount: step.amount,
                    bank_card: '1',
                    bank_name: 'B',
                    holder: 'H',
                    paypwd: 'unused',
                  }),
                ),
              );
              model.set(userId, (model.get(userId) ?? 0) - step.amount);
              pending.push({ id: withdrawal.id, user: userId, amount: step.amount, fee: withdrawal.fee });
              pendingTotal += step.amount;
              expect(withdrawal.fee + withdrawal.actual_amount).toBe(step.amount);
            } else if (step.op === 'auditWithdrawal') {
              if (pending.length === 0) continue;
              const [target] = pending.splice(step.pick % pending.length, 1);
              if (!target) continue;
              await db.transaction((tx) =>
                auditWithdrawal(
                  tx,
                  adminId,
                  extractAuditRequestSchema.parse(
                    step.pass ? { id: target.id, status: 1 } : { id: target.id, status: 2, reason: 'no' },
                  ),
                ),
              );
              pendingTotal -= target.amount;
              if (step.pass) feesTotal += target.fee;
              else model.set(target.user, (model.get(target.user) ?? 0) + target.amount);
            } else if (step.op === 'pay') {
              reference += 1;
              await db.transaction((tx) =>
                postTransaction(tx, {
                  kind: 'order_payment',
                  reference: `wallet-property-${reference}`,
                  legs: [
                    { account: { userId }, amount: -step.amount },
                    { account: { platform: 'escrow' }, amount: step.amount },
                  ],
                }),
              );
              model.set(userId, (model.get(userId) ?? 0) - step.amount);
              escrowModel.set(userId, (escrowModel.get(userId) ?? 0) + step.amount);
            } else {
              const paid = escrowModel.get(userId) ?? 0;
              const back = Math.min(paid, step.amount);
              if (back === 0) continue;
              reference += 1;
              await db.transaction((tx) =>
                postTransaction(tx, {
                  kind: 'order_refund',
                  reference: `wallet-property-${reference}`,
                  legs: [
                    { account: { platform: 'escrow' }, amount: -back },
                    { account: { userId }, amount: back },
                  ],
                }),
              );
              escrowModel.set(userId, paid - back);
              model.set(userId, (model.get(userId) ?? 0) + back);
            }
          } catch (error) {
            if (!(error instanceof AppError) || !expectedFailures.has(error.key)) throw error;
          }
        }
        for (const id of users) {
          const balance = await getUserBalance(db, id);
          expect(balance).toBe(model.get(id));
          expect(balance).toBeGreaterThanOrEqual(0);
        }
        const after = await getPlatformBalances(db);
        expect(after.withdrawals_pending - before.withdrawals_pending).toBe(pendingTotal);
        expect(after.fees - before.fees).toBe(feesTotal);
        const report = await verifyLedger(db);
        expect(report).toMatchObject({
          ok: true,
          unbalanced_transactions: 0,
          mismatched_balances: 0,
          negative_user_balances: 0,
        });
      }),
      { numRuns: 25 },
    );
  });
});
