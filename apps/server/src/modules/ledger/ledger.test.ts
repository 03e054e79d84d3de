import { billPageSchema, type LedgerKind } from '@crossmart/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { insertTestUser } from '../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import {
  getPlatformBalances,
  getUserBalance,
  listUserEntries,
  type PostingLeg,
  postTransaction,
  verifyLedger,
} from './ledger.service.ts';

let ctx: TestContext;
let db: Database;
let nextReference = 1;
const newUser = async () => (await insertTestUser(db)).id;
const newReference = () => `ref-${nextReference++}`;

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
});
afterAll(() => ctx.close());

const post = (kind: LedgerKind, legs: PostingLeg[], reference = newReference()) =>
  db.transaction((tx) => postTransaction(tx, { kind, reference, legs }));
const recharge = (userId: number, amount: number) =>
  post('recharge', [
    { account: { platform: 'external' }, amount: -amount },
    { account: { userId }, amount },
  ]);
const withdraw = (userId: number, amount: number, reference?: string) =>
  post(
    'withdrawal_request',
    [
      { account: { userId }, amount: -amount },
      { account: { platform: 'withdrawals_pending' }, amount },
    ],
    reference,
  );

async function errorKeyOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'none';
  } catch (error) {
    return error instanceof AppError ? error.key : String(error);
  }
}

describe('postTransaction', () => {
  it('moves money between accounts with entries that record the balance after', async () => {
    const user = await newUser();
    const before = await getPlatformBalances(db);
    const posted = await recharge(user, 5000);
    expect(posted.balances.get(`user:${user}`)).toBe(5000);
    expect(await getUserBalance(db, user)).toBe(5000);
    expect((await getPlatformBalances(db)).external).toBe(before.external - 5000);
    const bill = billPageSchema.parse(await listUserEntries(db, user, { page: 1, limit: 10 }));
    expect(bill.list).toMatchObject([{ kind: 'recharge', amount: 5000, balance_after: 5000 }]);
    expect(bill.total).toBe(1);
  });

  it('refuses to overdraw a user and writes nothing', async () => {
    const user = await newUser();
    await recharge(user, 100);
    const before = await verifyLedger(db);
    expect(await errorKeyOf(withdraw(user, 101))).toBe('INSUFFICIENT_BALANCE');
    expect(await getUserBalance(db, user)).toBe(100);
    expect((await verifyLedger(db)).transactions).toBe(before.transactions);
  });

  it('posts one business event only once', async () => {
    const user = await newUser();
    await recharge(user, 1000);
    await withdraw(user, 10, 'withdrawal-1');
    expect(await errorKeyOf(withdraw(user, 10, 'withdrawal-1'))).toBe('ALREADY_PROCESSED');
    expect(await getUserBalance(db, user)).toBe(990);
  });

  it('rejects unbalanced, fractional, zero and duplicate-account legs before touching the database', async () => {
    const user = await newUser();
    await expect(
      post('recharge', [
        { account: { platform: 'external' }, amount: -10 },
        { account: { userId: user }, amount: 9 },
      ]),
    ).rejects.toThrow(/sum to zero/);
    await expect(
      post('recharge', [
        { account: { platform: 'external' }, amount: -1.5 },
        { account: { userId: user }, amount: 1.5 },
      ]),
    ).rejects.toThrow(/integers/);
    await expect(
      post('recharge', [
        { account: { userId: user }, amount: 0 },
        { account: { platform: 'external' }, amount: 0 },
      ]),
    ).rejects.toThrow(/non-zero/);
    await expect(
      post('recharge', [
        { account: { userId: user }, amount: 5 },
        { account: { userId: user }, amount: -5 },
      ]),
    ).rejects.toThrow(/twice/);
  });

  it('must run inside a database transaction', async () => {
    await expect(
      postTransaction(db, {
        kind: 'recharge',
        reference: newReference(),
        legs: [
          { account: { platform: 'external' }, amount: -1 },
          { account: { userId: await newUser() }, amount: 1 },
        ],
      }),
    ).rejects.toThrow(/inside a database transaction/);
  });

  it('rolls back with the business state change when the caller fails after posting', async () => {
    const user = await newUser();
    await expect(
      db.transaction(async (tx) => {
        await postTransaction(tx, {
          kind: 'recharge',
          reference: newReference(),
          legs: [
            { account: { platform: 'external' }, amount: -700 },
            { account: { userId: user }, amount: 700 },
          ],
        });
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');
    expect(await getUserBalance(db, user)).toBe(0);
  });
});

describe('database guards', () => {
  it('keeps entries and transactions immutable', async () => {
    await recharge(await newUser(), 10);
    await expect(db.execute(sql`update ledger_entries set amount = amount + 1`)).rejects.toThrow();
    await expect(db.execute(sql`delete from ledger_transactions`)).rejects.toThrow();
  });

  it('refuses at commit a transaction whose entries do not sum to zero', async () => {
    const user = await newUser();
    await recharge(user, 10);
    await expect(
      db.transaction(async (tx) => {
        const inserted = await tx.execute<{ id: number }>(
          sql`insert into ledger_transactions (kind, reference) values ('recharge', ${newReference()}) returning id`,
        );
        const account = await tx.execute<{ id: number }>(sql`select id from ledger_accounts where user_id = ${user}`);
        await tx.execute(
          sql`insert into ledger_entries (transaction_id, account_id, amount, balance_after) values (${inserted.rows[0]?.id}, ${account.rows[0]?.id}, 5, 15)`,
        );
      }),
    ).rejects.toThrow();
    expect((await verifyLedger(db)).ok).toBe(true);
  });

  it('refuses a negative user balance even when written directly', async () => {
    const user = await newUser();
    await recharge(user, 10);
    await expect(db.execute(sql`update ledger_accounts set balance = -1 where user_id = ${user}`)).rejects.toThrow();
  });
});

describe('concurrency', () => {
  it('50 concurrent withdrawals exceeding the balance never overdraw it', async () => {
    const user = await newUser();
    await recharge(user, 1000);
    const results = await Promise.all(Array.from({ length: 50 }, () => errorKeyOf(withdraw(user, 30))));
    expect(results.filter((key) => key === 'none')).toHaveLength(33);
    expect(results.filter((key) => key === 'INSUFFICIENT_BALANCE')).toHaveLength(17);
    expect(await getUserBalance(db, user)).toBe(10);
    expect((await verifyLedger(db)).ok).toBe(true);
  });

  it('the same business event posted concurrently takes effect once', async () => {
    const user = await newUser();
    await recharge(user, 1000);
    const results = await Promise.all(Array.from({ length: 10 }, () => errorKeyOf(withdraw(user, 100, 'same-event'))));
    expect(results.filter((key) => key === 'none')).toHaveLength(1);
    expect(results.filter((key) => key === 'ALREADY_PROCESSED')).toHaveLength(9);
    expect(await getUserBalance(db, user)).toBe(900);
  });
});

const operation = fc.oneof(
  fc.record({ type: fc.constant('recharge' as const), user: fc.nat(2), amount: fc.integer({ min: 1, max: 10_000 }) }),
  fc.record({ type: fc.constant('withdraw' as const), user: fc.nat(2), amount: fc.integer({ min: 1, max: 8_000 }) }),
  fc.record({ type: fc.constant('pass' as const), pick: fc.nat(20), feePercent: fc.integer({ min: 0, max: 5 }) }),
  fc.record({ type: fc.constant('refuse' as const), pick: fc.nat(20) }),
  fc.record({ type: fc.constant('pay' as const), user: fc.nat(2), amount: fc.integer({ min: 1, max: 8_000 }) }),
  fc.record({
    type: fc.constant('settle' as const),
    merchant: fc.nat(2),
    amount: fc.integer({ min: 1, max: 8_000 }),
    commissionPercent: fc.integer({ min: 0, max: 10 }),
  }),
);

describe('model-based property', () => {
  it('random recharges, withdrawals, audits, payments and settlements keep every invariant', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 25 }), async (operations) => {
        const users = [await newUser(), await newUser(), await newUser()];
        const start = await getPlatformBalances(db);
        const model = { users: [0, 0, 0], escrow: 0, pending: 0, fees: 0, external: 0 };
        const openWithdrawals: Array<{ id: string; user: number; amount: number }> = [];
        for (const op of operations) {
          const reference = newReference();
          if (op.type === 'recharge') {
            await recharge(users[op.user] as number, op.amount);
            model.users[op.user] = (model.users[op.user] ?? 0) + op.amount;
            model.external -= op.amount;
          } else if (op.type === 'withdraw') {
            const outcome = await errorKeyOf(withdraw(users[op.user] as number, op.amount, reference));
            const enough = (model.users[op.user] ?? 0) >= op.amount;
            expect(outcome).toBe(enough ? 'none' : 'INSUFFICIENT_BALANCE');
            if (enough) {
              model.users[op.user] = (model.users[op.user] ?? 0) - op.amount;
              model.pending += op.amount;
              openWithdrawals.push({ id: reference, user: op.user, amount: op.amount });
            }
          } else if (op.type === 'pass' || op.type === 'refuse') {
            if (openWithdrawals.length === 0) continue;
            const [withdrawal] = openWithdrawals.splice(op.pick % openWithdrawals.length, 1);
            if (!withdrawal) continue;
            if (op.type === 'pass') {
              const fee = Math.min(withdrawal.amount, Math.floor((withdrawal.amount * op.feePercent) / 100));
              const legs: PostingLeg[] = [
                { account: { platform: 'withdrawals_pending' }, amount: -withdrawal.amount },
                { account: { platform: 'external' }, amount: withdrawal.amount - fee },
              ];
              if (fee > 0) legs.push({ account: { platform: 'fees' }, amount: fee });
              if (withdrawal.amount - fee === 0) legs.splice(1, 1);
              await post('withdrawal_paid', legs, withdrawal.id);
              model.pending -= withdrawal.amount;
              model.external += withdrawal.amount - fee;
              model.fees += fee;
            } else {
              await post(
                'withdrawal_refused',
                [
                  { account: { platform: 'withdrawals_pending' }, amount: -withdrawal.amount },
                  { account: { userId: users[withdrawal.user] as number }, amount: withdrawal.amount },
                ],
                withdrawal.id,
              );
              model.pending -= withdrawal.amount;
              model.users[withdrawal.user] = (model.users[withdrawal.user] ?? 0) + withdrawal.amount;
            }
          } else if (op.type === 'pay') {
            const outcome = await errorKeyOf(
              post(
                'order_payment',
                [
                  { account: { userId: users[op.user] as number }, amount: -op.amount },
                  { account: { platform: 'escrow' }, amount: op.amount },
                ],
                reference,
              ),
            );
            const enough = (model.users[op.user] ?? 0) >= op.amount;
            expect(outcome).toBe(enough ? 'none' : 'INSUFFICIENT_BALANCE');
            if (enough) {
              model.users[op.user] = (model.users[op.user] ?? 0) - op.amount;
              model.escrow += op.amount;
            }
          } else {
            const amount = Math.min(op.amount, model.escrow + start.escrow);
            if (amount <= 0) continue;
            const commission = Math.floor((amount * op.commissionPercent) / 100);
            const legs: PostingLeg[] = [{ account: { platform: 'escrow' }, amount: -amount }];
            if (amount - commission > 0)
              legs.push({ account: { userId: users[op.merchant] as number }, amount: amount - commission });
            if (commission > 0) legs.push({ account: { platform: 'fees' }, amount: commission });
            await post('order_settlement', legs, reference);
            model.escrow -= amount;
            model.users[op.merchant] = (model.users[op.merchant] ?? 0) + amount - commission;
            model.fees += commission;
          }
        }
        for (const [index, user] of users.entries()) expect(await getUserBalance(db, user)).toBe(model.users[index]);
        const end = await getPlatformBalances(db);
        expect(end.escrow - start.escrow).toBe(model.escrow);
        expect(end.withdrawals_pending - start.withdrawals_pending).toBe(model.pending);
        expect(end.fees - start.fees).toBe(model.fees);
        expect(end.external - start.external).toBe(model.external);
        const report = await verifyLedger(db);
        expect(report).toMatchObject({
          ok: true,
          unbalanced_transactions: 0,
          mismatched_balances: 0,
          negative_user_balances: 0,
        });
      }),
      { numRuns: 30 },
    );
  });
});
