/**
 * Part A, model test: random sequences of recharge / buy / pay / cancel / refund / withdraw /
 * audit / ship / complete, one sequence per user, the users running at once against the real app
 * on PostgreSQL (they share one shop, its stock, its merchant and the platform accounts). Each
 * user's own steps are sequential, so a simple in-memory model predicts every answer, balance and
 * order state; a final sweep with the clock moved past the after-sale window settles the received
 * orders. Generated from the battery's seed: `--seed` replays the same sequences.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPlatformBalances } from '../../modules/ledger/index.ts';
import { type Buyer, payCode, skuStock } from '../commerce-fixtures.ts';
import { byProfile, recordFigures, reliabilitySeed } from './figures.ts';
import { type Answer, newBuyer, newSeller, outcome, type RaceApp, startRaceApp, uploadPicture } from './lib-ab-app.ts';

let app: RaceApp;
beforeAll(async () => {
  app = await startRaceApp(3102, { ORDER_TEST_CLOCK: 'true' });
});
afterAll(() => app?.close());

const price = 1000;
const stock = 100_000;
const commissionBp = 500;
const withdrawalFeeBp = 100;
const unpaidLimit = 5;
const afterSaleMinutes = 8 * 24 * 60;

type Step =
  | { op: 'recharge'; amount: number }
  | { op: 'audit'; kind: 'recharge' | 'withdrawal'; pass: boolean; pick: number }
  | { op: 'withdraw'; amount: number }
  | { op: 'buy'; quantity: number }
  | { op: 'pay' | 'cancel' | 'ship' | 'complete'; pick: number }
  | { op: 'refund'; pick: number; percent: number };

// Counted from the newest order, mostly the last few: sequences then carry orders through to the end.
const pick = fc.nat({ max: 3 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ op: fc.constant('buy' as const), quantity: fc.integer({ min: 1, max: 3 }) }), weight: 3 },
  {
    arbitrary: fc.record({ op: fc.constantFrom('pay' as const, 'ship' as const, 'complete' as const), pick }),
    weight: 6,
  },
  fc.record({ op: fc.constant('cancel' as const), pick }),
  fc.record({ op: fc.constant('recharge' as const), amount: fc.integer({ min: 100, max: 8000 }) }),
  fc.record({
    op: fc.constant('audit' as const),
    kind: fc.constantFrom('recharge' as const, 'withdrawal' as const),
    pass: fc.boolean(),
    pick,
  }),
  fc.record({ op: fc.constant('withdraw' as const), amount: fc.integer({ min: 500, max: 6000 }) }),
  fc.record({ op: fc.constant('refund' as const), pick, percent: fc.integer({ min: 1, max: 100 }) }),
);
const plan = fc.record({
  balances: fc.array(fc.integer({ min: 0, max: 12_000 }), { minLength: byProfile(3, 4), maxLength: byProfile(3, 4) }),
  steps: fc.array(fc.array(step, { minLength: 4, maxLength: byProfile(14, 24) }), {
    minLength: byProfile(3, 4),
    maxLength: byProfile(3, 4),
  }),
});

interface ModelOrder {
  id: number;
  total: number;
  quantity: number;
  status: number;
  refunded: number;
  stockBack: boolean;
}
interface ModelUser {
  buyer: Buyer;
  balance: number;
  orders: ModelOrder[];
  recharges: Array<{ id: number; amount: number }>;
  withdrawals: Array<{ id: number; amount: number }>;
  picture: string;
}

let operations = 0;
let generated = 0;
/** How many orders ended in each status, over all runs: shows the sequences reach settlement and refunds. */
const reached: Record<string, number> = {};
const answered: Record<string, number> = {};

describe('A. model test: random money flows of several users at once match a simple model', () => {
  it(`random sequences (seed ${reliabilitySeed})`, async () => {
    let failures = 0;
    try {
      await fc.assert(
        fc.asyncProperty(plan, async ({ balances, steps }) => {
          generated += steps.flat().length;
          await runPlan(balances, steps);
        }),
        { seed: reliabilitySeed, numRuns: byProfile(3, 16), endOnFailure: true },
      );
    } catch (error) {
      failures = 1;
      throw error;
    } finally {
      console.log(`model test: orders ended by status ${JSON.stringify(reached)}; answers ${JSON.stringify(answered)}`);
      recordFigures({
        part: 'A',
        scenario: 'model test (fast-check)',
        operations,
        faults: 0,
        inputs: generated,
        failures,
      });
    }
    expect(failures).toBe(0);
  });
});

async function runPlan(balances: number[], steps: Step[][]): Promise<void> {
  const seller = await newSeller(app, price, stock);
  const merchant = seller.merchant;
  const users: ModelUser[] = [];
  for (const balance of balances) {
    const buyer = await newBuyer(app, balance);
    users.push({
      buyer,
      balance,
      orders: [],
      recharges: [],
      withdrawals: [],
      picture: await uploadPicture(app, buyer.token, 'refund'),
    });
  }
  const before = await getPlatformBalances(app.db);
  const fees = { withdrawals: 0 };
  const mismatches: string[] = [];
  const post = async (url: string, token: string, body: unknown): Promise<Answer> => {
    operations += 1;
    return app.post(url, token, body);
  };

  async function runUser(user: ModelUser, sequence: Step[], index: number) {
    for (const [position, current] of sequence.entries()) {
      const where = `user ${index} step ${position} ${JSON.stringify(current)}`;
      const expect = (answer: Answer, expected: string) => {
        const got = outcome(answer);
        const seen = `${current.op} ${got}`;
        answered[seen] = (answered[seen] ?? 0) + 1;
        if (got !== expected) mismatches.push(`${where}: answered ${got}, model says ${expected}`);
        return got === expected && got === 'ok';
      };
      const order =
        'pick' in current && user.orders.length > 0 ? user.orders[current.pick % user.orders.length] : undefined;
      switch (current.op) {
        case 'recharge': {
          const answer = await post('/api/user/recharge', user.buyer.token, {
            method: 'manual',
            amount: current.amount,
          });
          if (expect(answer, 'ok'))
            user.recharges.push({ id: (answer.body.data as { id: number }).id, amount: current.amount });
          break;
        }
        case 'audit': {
          const queue = current.kind === 'recharge' ? user.recharges : user.withdrawals;
          if (queue.length === 0) break;
          const [record] = queue.splice(current.pick % queue.length, 1);
          if (!record) break;
          const admin = index % 2 === 0 ? app.admin : app.admin2;
          const body = current.pass
            ? { id: record.id, status: 1, ...(current.kind === 'recharge' ? { actual_amount: record.amount } : {}) }
            : { id: record.id, status: 2, reason: 'not matched' };
          const url = current.kind === 'recharge' ? '/api/admin/recharge_audit' : '/api/admin/extract_audit';
          if (!expect(await post(url, admin.token, body), 'ok')) break;
          if (current.kind === 'recharge' && current.pass) user.balance += record.amount;
          if (current.kind === 'withdrawal' && !current.pass) user.balance += record.amount;
          if (current.kind === 'withdrawal' && current.pass) {
            fees.withdrawals += Math.max(1, Math.floor((record.amount * withdrawalFeeBp) / 10_000));
          }
          break;
        }
        case 'withdraw': {
          const answer = await post('/api/user/extract', user.buyer.token, {
            type: 'bank',
            amount: current.amount,
            bank_card: '6222000011112222',
            bank_name: 'Mizuho',
            holder: 'Yamada Hanako',
            paypwd: payCode,
          });
          const expected =
            current.amount < 1000
              ? 'WITHDRAW_BELOW_MINIMUM'
              : current.amount > user.balance
                ? 'WITHDRAW_AMOUNT_INVALID'
                : 'ok';
          if (expect(answer, expected)) {
            user.balance -= current.amount;
            user.withdrawals.push({ id: (answer.body.data as { id: number }).id, amount: current.amount });
          }
          break;
        }
        case 'buy': {
          const answer = await post('/api/order/create', user.buyer.token, {
            sku_id: seller.skuId,
            quantity: current.quantity,
            address_id: 77,
          });
          const unpaid = user.orders.filter((o) => o.status === 0).length;
          if (expect(answer, unpaid >= unpaidLimit ? 'UNPAID_ORDER_LIMIT' : 'ok')) {
            const id = (answer.body.data as { order_ids: number[] }).order_ids[0] ?? 0;
            const total = price * current.quantity;
            user.orders.push({ id, total, quantity: current.quantity, status: 0, refunded: 0, stockBack: false });
          }
          break;
        }
        case 'pay': {
          if (!order) break;
          const answer = await post('/api/user/verify_pay', user.buyer.token, {
            order_ids: [order.id],
            paypwd: payCode,
          });
          const expected =
            order.status !== 0 ? 'ORDER_STATUS_INVALID' : order.total > user.balance ? 'INSUFFICIENT_BALANCE' : 'ok';
          if (expect(answer, expected)) {
            user.balance -= order.total;
            order.status = 1;
          }
          break;
        }
        case 'cancel': {
          if (!order) break;
          const answer = await post('/api/order/cancel', user.buyer.token, { id: order.id });
          if (expect(answer, order.status === 0 || order.status === 1 ? 'ok' : 'ORDER_STATUS_INVALID')) {
            if (order.status === 1) user.balance += order.total - order.refunded;
            order.status = -1;
            order.stockBack = true;
          }
          break;
        }
        case 'ship': {
          if (!order) break;
          const answer = await post('/api/merchant/order_ship', merchant.token, {
            order_id: order.id,
            carrier: 'Yamato',
            tracking_no: `YT-${order.id}`,
          });
          if (expect(answer, order.status === 1 ? 'ok' : 'ORDER_STATUS_INVALID')) order.status = 2;
          break;
        }
        case 'complete': {
          // The rest of a sale: the merchant ships a paid order, the buyer confirms receipt.
          if (!order) break;
          if (order.status === 1) {
            const shipped = await post('/api/merchant/order_ship', merchant.token, {
              order_id: order.id,
              carrier: 'Sagawa',
              tracking_no: `SG-${order.id}`,
            });
            if (expect(shipped, 'ok')) order.status = 2;
          }
          const answer = await post('/api/order/confirm', user.buyer.token, { id: order.id });
          if (expect(answer, order.status === 2 ? 'ok' : 'ORDER_STATUS_INVALID')) order.status = 3;
          break;
        }
        case 'refund': {
          if (!order) break;
          const amount = Math.max(1, Math.floor((order.total * current.percent) / 100));
          const answer = await post('/api/order/refund', user.buyer.token, {
            order_id: order.id,
            type: 'refund_only',
            amount,
            product_status: 'received',
            reason: 'damaged',
            explanation: 'Arrived broken',
            pictures: [user.picture],
          });
          const refundable = [1, 2, 3].includes(order.status);
          const expected = !refundable
            ? 'ORDER_STATUS_INVALID'
            : amount > order.total - order.refunded
              ? 'REFUND_AMOUNT_TOO_HIGH'
              : 'ok';
          if (!expect(answer, expected)) break;
          const approved = await post('/api/merchant/refund_approve', merchant.token, {
            id: (answer.body.data as { id: number }).id,
          });
          if (!expect(approved, 'ok')) break;
          user.balance += amount;
          order.refunded += amount;
          if (order.refunded === order.total) {
            if (order.status === 1) order.stockBack = true;
            order.status = -2;
          }
          break;
        }
      }
    }
  }

  await Promise.all(users.map((user, index) => runUser(user, steps[index] ?? [], index)));

  // The timers with the clock past the after-sale window: unpaid orders expire, received ones settle.
  const swept = await post('/api/admin/order_sweeps', app.admin.token, { advance_minutes: afterSaleMinutes });
  if (outcome(swept) !== 'ok') mismatches.push(`order_sweeps answered ${outcome(swept)}`);
  let merchantIncome = 0;
  let commissions = 0;
  for (const order of users.flatMap((user) => user.orders)) {
    if (order.status === 0) {
      order.status = -1;
      order.stockBack = true;
    } else if (order.status === 3) {
      const payable = order.total - order.refunded;
      const commission = Math.floor((payable * commissionBp) / 10_000);
      merchantIncome += payable - commission;
      commissions += commission;
      order.status = 4;
    }
  }

  for (const order of users.flatMap((user) => user.orders)) {
    const key = order.refunded > 0 ? `${order.status} refunded` : String(order.status);
    reached[key] = (reached[key] ?? 0) + 1;
  }
  // Compare every balance, order and platform account with the model.
  for (const [index, user] of users.entries()) {
    const info = await app.call('GET', '/api/user/extract', { token: user.buyer.token });
    const balance = (info.body.data as { balance: number } | undefined)?.balance;
    if (balance !== user.balance) mismatches.push(`user ${index}: balance ${balance}, model ${user.balance}`);
    const ids = user.orders.map((o) => o.id);
    if (ids.length === 0) continue;
    const rows = await app.db.execute<{ id: number; status: number; refunded: number }>(
      sql`select id, status, refunded_amount::int as refunded from orders where user_id = ${user.buyer.id}`,
    );
    for (const order of user.orders) {
      const row = rows.rows.find((r) => r.id === order.id);
      if (row?.status !== order.status || Number(row?.refunded) !== order.refunded) {
        mismatches.push(
          `order ${order.id}: ${JSON.stringify(row)}, model status ${order.status} refunded ${order.refunded}`,
        );
      }
    }
    if (rows.rows.length !== user.orders.length)
      mismatches.push(`user ${index}: ${rows.rows.length} orders, model ${user.orders.length}`);
  }
  const merchantInfo = await app.call('GET', '/api/user/extract', { token: merchant.token });
  const merchantBalance = (merchantInfo.body.data as { balance: number } | undefined)?.balance;
  if (merchantBalance !== merchantIncome)
    mismatches.push(`merchant balance ${merchantBalance}, model ${merchantIncome}`);
  const orders = users.flatMap((user) => user.orders);
  const sold = orders.filter((o) => !o.stockBack).reduce((sum, o) => sum + o.quantity, 0);
  const left = await skuStock(app.db, seller.skuId);
  if (left !== stock - sold) mismatches.push(`stock ${left}, model ${stock - sold}`);
  const after = await getPlatformBalances(app.db);
  const held = orders.filter((o) => [1, 2, 3].includes(o.status)).reduce((sum, o) => sum + o.total - o.refunded, 0);
  const pending = users.flatMap((user) => user.withdrawals).reduce((sum, w) => sum + w.amount, 0);
  const platform = {
    escrow: [after.escrow - before.escrow, held],
    withdrawals_pending: [after.withdrawals_pending - before.withdrawals_pending, pending],
    fees: [after.fees - before.fees, commissions + fees.withdrawals],
  };
  for (const [account, [actual, model]] of Object.entries(platform)) {
    if (actual !== model) mismatches.push(`${account} moved ${actual}, model ${model}`);
  }
  const ledger = await app.call('GET', '/api/admin/ledger_verify', { token: app.admin.token });
  if ((ledger.body.data as { ok?: boolean } | undefined)?.ok !== true)
    mismatches.push(`ledger ${JSON.stringify(ledger.body)}`);
  if (mismatches.length > 0) throw new Error(`the app and the model disagree:\n${mismatches.join('\n')}`);
}
