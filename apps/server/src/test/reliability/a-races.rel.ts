/**
 * Part A, races: the money and limit paths hit by many identical or conflicting requests at once,
 * over HTTP against one app on PostgreSQL. Each scenario counts what it sent, checks the one
 * outcome the product rules allow and ends with the ledger's verification.
 */
import { randomBytes } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createProduct, recordSales, refreshShopWindows } from '../../modules/catalog/index.ts';
import { loadOrderSettings, sweepCompletions, sweepUnpaidOrders } from '../../modules/orders/index.ts';
import { type Buyer, balanceOf, newMerchant, newShop, payCode, skuStock } from '../commerce-fixtures.ts';
import { byProfile } from './figures.ts';
import {
  type Answer,
  newBuyer,
  newBuyers,
  newSeller,
  outcome,
  type RaceApp,
  Scenario,
  startRaceApp,
  tally,
  uploadPicture,
} from './lib-ab-app.ts';
import { linedUpBehind, untilLockWaiters } from './lib-ab-lined-up.ts';

let app: RaceApp;
beforeAll(async () => {
  app = await startRaceApp(3101);
});
afterAll(() => app?.close());

const all = <T>(count: number, make: (index: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, index) => make(index)));
const wallet = (user: Buyer) => balanceOf(app.db, `user:${user.id}`);
const dataOf = <T>(answer: Answer) => answer.body.data as T;
const bank = {
  type: 'bank',
  bank_card: '6222000011112222',
  bank_name: 'Mizuho',
  holder: 'Yamada Hanako',
  paypwd: payCode,
};

async function createOrder(buyer: Buyer, skuId: number, quantity = 1, extra: object = {}, key?: string) {
  return app.post('/api/order/create', buyer.token, { sku_id: skuId, quantity, address_id: 77, ...extra }, key);
}
async function orderOf(buyer: Buyer, skuId: number, quantity = 1): Promise<{ id: number; total: number }> {
  const answer = await createOrder(buyer, skuId, quantity);
  if (outcome(answer) !== 'ok') throw new Error(`create: ${JSON.stringify(answer.body)}`);
  const data = dataOf<{ order_ids: number[]; total: number }>(answer);
  return { id: data.order_ids[0] ?? 0, total: data.total };
}
const pay = (buyer: Buyer, id: number, key?: string) =>
  app.post('/api/user/verify_pay', buyer.token, { order_ids: [id], paypwd: payCode }, key);
async function orderRow(id: number) {
  const result = await app.db.execute<{ status: number; refunded_amount: number; total: number }>(
    sql`select status, refunded_amount::int as refunded_amount, total::int as total from orders where id = ${id}`,
  );
  return result.rows[0];
}
async function postings(kind: string, reference: string): Promise<number> {
  const result = await app.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ledger_transactions where kind = ${kind} and reference = ${reference}`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

/** A paid order shipped by its merchant (refunds are asked of shipped orders). */
async function shippedSale(price: number, quantity = 1) {
  const seller = await newSeller(app, price, 100);
  const buyer = await newBuyer(app, 1_000_000);
  const order = await orderOf(buyer, seller.skuId, quantity);
  if (outcome(await pay(buyer, order.id)) !== 'ok') throw new Error('pay failed');
  const shipped = await app.post('/api/merchant/order_ship', seller.merchant.token, {
    order_id: order.id,
    carrier: 'Yamato',
    tracking_no: 'YT-1',
  });
  if (outcome(shipped) !== 'ok') throw new Error(`ship: ${JSON.stringify(shipped.body)}`);
  const picture = await uploadPicture(app, buyer.token, 'refund');
  return { ...seller, buyer, order, picture };
}
const refundRequest = (sale: Awaited<ReturnType<typeof shippedSale>>, amount: number) =>
  app.post('/api/order/refund', sale.buyer.token, {
    order_id: sale.order.id,
    type: 'refund_only',
    amount,
    product_status: 'received',
    reason: 'damaged',
    explanation: 'The box arrived crushed',
    pictures: [sale.picture],
  });

/**
 * Lines two requests up behind one row (lib-ab-lined-up.ts): a transaction holds it while `first`
 * starts and waits for a lock, then `second`; then the row is let go. Whatever each request locked
 * before it waited, it still holds when the other moves on. In the right lock order the second may
 * wait for nothing and finish first.
 */
const linedUp = <A, B>(lock: SQL, first: () => Promise<A>, second: () => Promise<B>) =>
  linedUpBehind<[A, B]>(app.db, lock, [first, second]);
const escrowRow = sql`select id from ledger_accounts where code = 'escrow' for update`;
/** A category row held as a listing change holds it (its counter moved), without blocking inserts that name it. */
const categoryRow = (id: number) => sql`select id from categories where id = ${id} for no key update`;

/** Two category ids, the lower first. */
async function twoCategories(): Promise<[number, number]> {
  const result = await app.db.execute<{ id: number }>(sql`select id from categories where id > 0 order by id limit 2`);
  const [low, high] = result.rows.map((row) => Number(row.id));
  if (low === undefined || high === undefined) throw new Error('two categories needed');
  return [low, high];
}
/** A shop, with its merchant when the merchant's own requests take part. */
async function shopOf(withMerchant: boolean) {
  const merchant = withMerchant ? await newMerchant(app.ctx.app, app.db) : undefined;
  const shop = await newShop(app.db, merchant?.id ?? null);
  return { id: shop.id, token: merchant?.token ?? '' };
}
const keptPicture = '/uploads/p.webp';
/** A listed product of the shop in the category, one SKU; its picture is kept by the merchant's edits. */
async function listedProduct(shopId: number, categoryId: number): Promise<number> {
  const made = await createProduct(app.db, {
    shopId,
    categoryId,
    title: `Racing ${randomBytes(3).toString('hex')}`,
    images: [keptPicture],
    skus: [{ specs: [{ name: 'Color', value: 'Black' }], price: 900, stock: 10 }],
  });
  return made.id;
}
/** The seller platform's product form: one SKU, the kept picture (an edit when `id` is given). */
const productForm = (categoryId: number, picture: string, id?: number) => ({
  ...(id === undefined ? {} : { id }),
  category_id: categoryId,
  title_i18n: { en: 'Racing product' },
  description_i18n: {},
  images: [picture],
  freight: 0,
  specs: [{ name: 'Color', values: ['Black'] }],
  skus: [{ values: ['Black'], price: 900, stock: 10 }],
  status: 1,
});
/** Listed counters that do not match the listed products (shops' and categories' product_count). */
async function counterDrift(shopIds: number[], categoryIds: number[]): Promise<string[]> {
  const result = await app.db.execute<{ what: string; stored: number; listed: number }>(sql`
    select 'shop ' || s.id as what, s.product_count::int as stored,
      (select count(*) from products p where p.shop_id = s.id and p.is_listed)::int as listed
    from shops s where s.id in (${sql.join(shopIds, sql`, `)})
    union all
    select 'category ' || c.id, c.product_count::int,
      (select count(*) from products p where p.category_id = c.id and p.is_listed)::int
    from categories c where c.id in (${sql.join(categoryIds, sql`, `)})`);
  return result.rows
    .filter((row) => Number(row.stored) !== Number(row.listed))
    .map((row) => `${row.what}: ${row.stored} counted, ${row.listed} listed`);
}
const suspend = (shopId: number, admin: Buyer = app.admin) =>
  app.post('/api/admin/shop_suspend', admin.token, { id: shopId, reason: 'Counterfeit goods' });

describe('A. races over HTTP on PostgreSQL', () => {
  it('concurrent pays of one order: one payment, one debit', async () => {
    const s = new Scenario('A', 'concurrent pays of one order');
    const seller = await newSeller(app, 700, 1000);
    for (let round = 0; round < byProfile(2, 10); round += 1) {
      const buyer = await newBuyer(app, 10_000);
      const order = await orderOf(buyer, seller.skuId);
      const answers = await all(byProfile(30, 80), () => pay(buyer, order.id));
      s.count(answers);
      s.faults += answers.length - 1;
      const counts = tally(answers);
      s.check(counts.ok === 1, `round ${round}: ${JSON.stringify(counts)}`);
      for (const key of Object.keys(counts)) {
        s.check(['ok', 'ORDER_STATUS_INVALID', 'PAY_LOCKED'].includes(key), `round ${round}: answered ${key}`);
      }
      s.check((await wallet(buyer)) === 10_000 - order.total, `round ${round}: balance ${await wallet(buyer)}`);
      const payments = await app.db.execute<{ n: number }>(
        sql`select count(*)::int as n from order_payments where user_id = ${buyer.id}`,
      );
      s.check(Number(payments.rows[0]?.n) === 1, `round ${round}: ${payments.rows[0]?.n} payments`);
    }
    await s.finish(app.db);
  });

  it('withdrawals beyond the balance: never below zero, a refusal only once the money is gone', async () => {
    const s = new Scenario('A', 'withdrawals beyond the balance');
    for (let round = 0; round < byProfile(2, 6); round += 1) {
      const buyer = await newBuyer(app, 10_000);
      const answers = await all(byProfile(40, 120), () =>
        app.post('/api/user/extract', buyer.token, { ...bank, amount: 1000 }),
      );
      s.count(answers);
      s.faults += answers.length - 10;
      const counts = tally(answers);
      const ok = counts.ok ?? 0;
      const balance = await wallet(buyer);
      s.check(ok <= 10 && balance === 10_000 - ok * 1000, `round ${round}: ${ok} passed, balance ${balance}`);
      if ((counts.WITHDRAW_AMOUNT_INVALID ?? 0) > 0) s.check(ok === 10, `round ${round}: refused with money left`);
      for (const key of Object.keys(counts)) {
        s.check(['ok', 'WITHDRAW_AMOUNT_INVALID', 'PAY_LOCKED'].includes(key), `round ${round}: answered ${key}`);
      }
      const rows = await app.db.execute<{ n: number }>(
        sql`select count(*)::int as n from withdrawals where user_id = ${buyer.id}`,
      );
      s.check(Number(rows.rows[0]?.n) === ok, `round ${round}: ${rows.rows[0]?.n} withdrawal rows for ${ok} answers`);
    }
    await s.finish(app.db);
  });

  it('double audits: a recharge or a withdrawal audited concurrently takes effect once', async () => {
    const s = new Scenario('A', 'double audits (recharge, withdrawal)');
    const admins = [app.admin, app.admin2];
    for (let round = 0; round < byProfile(3, 12); round += 1) {
      const buyer = await newBuyer(app, 5000);
      const recharge = await app.post('/api/user/recharge', buyer.token, { method: 'manual', amount: 3000 });
      const rechargeId = dataOf<{ id: number }>(recharge).id;
      const withdrawal = await app.post('/api/user/extract', buyer.token, { ...bank, amount: 2000 });
      const withdrawalId = dataOf<{ id: number }>(withdrawal).id;
      const audits = byProfile(6, 16);
      // Passes and refusals of both records, interleaved, by two admins.
      const answers = await all(audits * 2, (index) => {
        const admin = admins[index % 2] as Buyer;
        const pass = index % 4 < 2;
        return index % 2 === 0
          ? app.post(
              '/api/admin/recharge_audit',
              admin.token,
              pass
                ? { id: rechargeId, status: 1, actual_amount: 3000 }
                : { id: rechargeId, status: 2, reason: 'no transfer seen' },
            )
          : app.post(
              '/api/admin/extract_audit',
              admin.token,
              pass ? { id: withdrawalId, status: 1 } : { id: withdrawalId, status: 2, reason: 'bank account closed' },
            );
      });
      s.count(answers);
      s.faults += answers.length - 2;
      const recharges = answers.filter((_, index) => index % 2 === 0);
      const withdrawals = answers.filter((_, index) => index % 2 === 1);
      for (const [what, group] of [
        ['recharge', recharges],
        ['withdrawal', withdrawals],
      ] as const) {
        const counts = tally(group);
        s.check(
          counts.ok === 1 && counts.ALREADY_AUDITED === group.length - 1,
          `round ${round} ${what}: ${JSON.stringify(counts)}`,
        );
      }
      const rechargeStatus = dataOf<{ status: number }>(recharges.find((a) => outcome(a) === 'ok') as Answer).status;
      const withdrawalStatus = dataOf<{ status: number }>(
        withdrawals.find((a) => outcome(a) === 'ok') as Answer,
      ).status;
      const expected = 5000 - 2000 + (rechargeStatus === 1 ? 3000 : 0) + (withdrawalStatus === 2 ? 2000 : 0);
      s.check(
        (await wallet(buyer)) === expected,
        `round ${round}: balance ${await wallet(buyer)}, expected ${expected}`,
      );
      s.check(
        (await postings('withdrawal_audit', `withdrawal:${withdrawalId}`)) <= 1,
        `round ${round}: withdrawal audited twice in the books`,
      );
    }
    await s.finish(app.db);
  });

  it('last-stock oversell: exactly the stock is sold', async () => {
    const s = new Scenario('A', 'last-stock oversell');
    for (let round = 0; round < byProfile(1, 4); round += 1) {
      const stock = byProfile(5, 20);
      const seller = await newSeller(app, 500, stock);
      const buyers = await newBuyers(app, byProfile(30, 80));
      const answers = await Promise.all(buyers.map((buyer) => createOrder(buyer, seller.skuId)));
      s.count(answers);
      s.faults += answers.length - stock;
      const counts = tally(answers);
      s.check(
        counts.ok === stock && counts.INSUFFICIENT_STOCK === answers.length - stock,
        `round ${round}: ${JSON.stringify(counts)}`,
      );
      s.check(
        (await skuStock(app.db, seller.skuId)) === 0,
        `round ${round}: stock ${await skuStock(app.db, seller.skuId)}`,
      );
    }
    await s.finish(app.db);
  });

  it('single-use and per-user promo limits hold under concurrent checkouts', async () => {
    const s = new Scenario('A', 'promo limits (single-use, per-user)');
    const seller = await newSeller(app, 2000, 10_000);
    const now = Date.now();
    const window = {
      starts_at: new Date(now - 3_600_000).toISOString(),
      ends_at: new Date(now + 86_400_000).toISOString(),
    };
    const makePromo = async (perUser: number, total: number | null) => {
      const code = `R${randomBytes(5).toString('hex').toUpperCase()}`;
      const saved = await app.post('/api/admin/promo_save', app.admin.token, {
        code,
        type: 'fixed',
        value: 300,
        per_user_limit: perUser,
        total_limit: total,
        ...window,
      });
      if (outcome(saved) !== 'ok') throw new Error(`promo_save: ${JSON.stringify(saved.body)}`);
      return code;
    };
    for (let round = 0; round < byProfile(1, 5); round += 1) {
      const single = await makePromo(1, 1);
      const buyers = await newBuyers(app, byProfile(20, 60));
      const answers = await Promise.all(
        buyers.map((buyer) => createOrder(buyer, seller.skuId, 1, { promo_code: single })),
      );
      s.count(answers);
      s.faults += answers.length - 1;
      const counts = tally(answers);
      s.check(
        counts.ok === 1 && counts.PROMO_INVALID === answers.length - 1,
        `round ${round} single-use: ${JSON.stringify(counts)}`,
      );

      const perUser = await makePromo(3, null);
      const buyer = await newBuyer(app);
      const mine = await all(byProfile(12, 30), () => createOrder(buyer, seller.skuId, 1, { promo_code: perUser }));
      s.count(mine);
      s.faults += mine.length - 3;
      const own = tally(mine);
      s.check(own.ok === 3 && own.PROMO_INVALID === mine.length - 3, `round ${round} per-user: ${JSON.stringify(own)}`);
    }
    await s.finish(app.db);
  });

  it('refund totals never exceed the order, however requests and approvals interleave', async () => {
    const s = new Scenario('A', 'refund totals');
    for (let round = 0; round < byProfile(1, 6); round += 1) {
      const sale = await shippedSale(3000, 3);
      const before = await wallet(sale.buyer);
      const share = Math.floor(sale.order.total * 0.4);
      let paidOut = 0;
      for (let step = 0; step < 4; step += 1) {
        const requests = await all(byProfile(6, 15), () => refundRequest(sale, share));
        s.count(requests);
        s.faults += requests.length - 1;
        const made = requests.find((answer) => outcome(answer) === 'ok');
        const counts = tally(requests);
        if (!made) {
          s.check(
            paidOut + share > sale.order.total && (counts.REFUND_AMOUNT_TOO_HIGH ?? 0) > 0,
            `round ${round}: no request made with room left: ${JSON.stringify(counts)}`,
          );
          continue;
        }
        s.check(counts.ok === 1, `round ${round}: ${counts.ok} requests made at once`);
        const id = dataOf<{ id: number }>(made).id;
        const approvals = await all(byProfile(4, 10), () =>
          app.post('/api/merchant/refund_approve', sale.merchant.token, { id }),
        );
        s.count(approvals);
        s.faults += approvals.length - 1;
        s.check(tally(approvals).ok === 1, `round ${round}: approvals ${JSON.stringify(tally(approvals))}`);
        paidOut += share;
      }
      const row = await orderRow(sale.order.id);
      s.check(
        row?.refunded_amount === paidOut && paidOut <= sale.order.total,
        `round ${round}: refunded ${row?.refunded_amount}, paid out ${paidOut}`,
      );
      s.check((await wallet(sale.buyer)) === before + paidOut, `round ${round}: buyer balance`);
    }
    await s.finish(app.db);
  });

  it('mutual aid: one support per user per day, however many taps', async () => {
    const s = new Scenario('A', 'mutual aid once a day');
    const seller = await newSeller(app, 100, 1);
    const users = await newBuyers(app, byProfile(10, 30));
    const answers = await Promise.all(
      users.flatMap((user) =>
        Array.from({ length: byProfile(5, 10) }, () =>
          app.post('/api/merchant/assist', user.token, { shop_id: seller.shopId }),
        ),
      ),
    );
    s.count(answers);
    s.faults += answers.length - users.length;
    const counts = tally(answers);
    s.check(
      counts.ok === users.length && counts.ALREADY_SUPPORTED_TODAY === answers.length - users.length,
      JSON.stringify(counts),
    );
    const rows = await app.db.execute<{ n: number; people: number }>(
      sql`select count(*)::int as n, count(distinct user_id)::int as people from shop_supports where shop_id = ${seller.shopId}`,
    );
    s.check(
      Number(rows.rows[0]?.n) === users.length && Number(rows.rows[0]?.people) === users.length,
      `supports ${JSON.stringify(rows.rows[0])}`,
    );
    await s.finish(app.db);
  });

  it('a cancel or a refund beside a payment of the same product: both go through, whoever reaches escrow first', async () => {
    // Before ADR 0013 addendum 5 the cancel and the refund posted first and gave the stock back
    // after: holding escrow, they waited for the product row that the payment held (it checks the
    // product is still for sale) while the payment waited for escrow, and PostgreSQL ended one of
    // the two with "deadlock detected" (HTTP 500).
    const s = new Scenario('A', 'payment beside a cancel or refund of one product');
    const seller = await newSeller(app, 1200, 1000);
    for (const other of ['cancel', 'refund'] as const) {
      const payer = await newBuyer(app, 10_000);
      const canceller = await newBuyer(app, 10_000);
      const unpaid = await orderOf(payer, seller.skuId);
      const paid = await orderOf(canceller, seller.skuId);
      s.check(outcome(await pay(canceller, paid.id)) === 'ok', `${other}: the order to undo is paid`);
      let undo: () => Promise<Answer>;
      if (other === 'cancel') {
        undo = () => app.post('/api/order/cancel', canceller.token, { id: paid.id });
      } else {
        const request = await app.post('/api/order/refund', canceller.token, {
          order_id: paid.id,
          type: 'refund_only',
          amount: paid.total,
          product_status: 'not_received',
          reason: 'damaged',
          explanation: 'Ordered twice',
          pictures: [await uploadPicture(app, canceller.token, 'refund')],
        });
        s.check(outcome(request) === 'ok', `refund request: ${outcome(request)}`);
        const id = dataOf<{ id: number }>(request).id;
        undo = () => app.post('/api/merchant/refund_approve', seller.merchant.token, { id });
      }
      const answers = await linedUp(escrowRow, undo, () => pay(payer, unpaid.id));
      s.count(answers);
      s.faults += 1;
      s.check(
        answers.every((answer) => outcome(answer) === 'ok'),
        `${other}: ${JSON.stringify(tally(answers))}`,
      );
      s.check((await wallet(payer)) === 10_000 - unpaid.total, `${other}: payer balance ${await wallet(payer)}`);
      s.check((await wallet(canceller)) === 10_000, `${other}: balance after undo ${await wallet(canceller)}`);
    }
    s.check((await skuStock(app.db, seller.skuId)) === 998, `stock ${await skuStock(app.db, seller.skuId)}`);
    await s.finish(app.db);
  });

  it('the unpaid-order sweep beside a checkout of two SKUs: both finish, whatever order the SKUs come in', async () => {
    // Before ADR 0013 addendum 5 the sweep cancelled a batch of orders in one transaction: it gave
    // stock back order by order, so across orders in a different SKU order than a checkout of both
    // SKUs (always in SKU id order): each ended up holding the SKU the other waited for.
    const s = new Scenario('A', 'unpaid-order sweep beside a checkout of two SKUs');
    const first = await newSeller(app, 500, 100);
    const second = await newSeller(app, 700, 100);
    const late = await newBuyer(app);
    // The lower order id holds the higher SKU id.
    const expired = [await orderOf(late, second.skuId), await orderOf(late, first.skuId)];
    await app.db.execute(
      sql`update orders set created_at = now() - interval '1 day' where id in (${expired[0]?.id}, ${expired[1]?.id})`,
    );
    const shopper = await newBuyer(app);
    const cartIds: number[] = [];
    for (const skuId of [first.skuId, second.skuId]) {
      const added = await app.post('/api/cart/add', shopper.token, { sku_id: skuId, quantity: 1 });
      s.check(outcome(added) === 'ok', `cart add: ${outcome(added)}`);
      cartIds.push(dataOf<{ id: number }>(added).id);
    }
    const settings = await loadOrderSettings(app.db, 'UTC');
    const [cancelled, checkout] = await linedUp(
      sql`select id from product_skus where id = ${second.skuId} for update`,
      () => sweepUnpaidOrders(app.db, settings, new Date()),
      () => app.post('/api/order/create', shopper.token, { cart_ids: cartIds, address_id: 77 }),
    );
    s.count([checkout]);
    s.faults += 1;
    s.check(cancelled === 2, `the sweep cancelled ${cancelled}`);
    s.check(outcome(checkout) === 'ok', `checkout: ${outcome(checkout)}`);
    for (const seller of [first, second]) {
      const stock = await skuStock(app.db, seller.skuId);
      s.check(stock === 99, `stock ${stock}: the expired order gave its unit back, the checkout took one`);
    }
    await s.finish(app.db);
  });

  it('a checkout beside a payment of the same two products, one with a newer SKU: stock by product id, then SKU id', async () => {
    // Before ADR 0013 addendum 7 a checkout moved stock in SKU id order, each move locking the SKU
    // and then its product, while a payment locks its products in id order (FOR SHARE). Once a
    // product's SKU is newer than another product's, the checkout held the higher product and
    // waited for the lower one, which the payment held while it waited for the higher one:
    // "deadlock detected", and the payment answered HTTP 500.
    const s = new Scenario('A', 'checkout beside a payment of two products with interleaved SKUs');
    const [categoryId] = await twoCategories();
    const shop = await shopOf(false);
    const lower = await listedProduct(shop.id, categoryId);
    const higher = await listedProduct(shop.id, categoryId);
    // The lower product gets a SKU newer than the higher product's: a colour added later.
    const added = await app.db.execute<{ id: number }>(sql`
      with sku as (
        insert into product_skus (product_id, specs, price, stock)
        values (${lower}, '[{"name":"Color","value":"White"}]', 900, 10) returning id, product_id
      )
      update products set stock = stock + 10 from sku where products.id = sku.product_id returning sku.id`);
    const skusOf = async (productId: number) => {
      const result = await app.db.execute<{ id: number }>(
        sql`select id from product_skus where product_id = ${productId} order by id`,
      );
      return result.rows.map((row) => Number(row.id));
    };
    const [lowerOld] = await skusOf(lower);
    const [higherOnly] = await skusOf(higher);
    const lowerNew = Number(added.rows[0]?.id);
    if (lowerOld === undefined || higherOnly === undefined) throw new Error('SKUs missing');
    s.check(higherOnly < lowerNew, `SKU ids interleave: ${lowerOld}, ${higherOnly}, ${lowerNew}`);
    const cartOf = async (buyer: Buyer, skuIds: number[]) => {
      const ids: number[] = [];
      for (const skuId of skuIds) {
        const answer = await app.post('/api/cart/add', buyer.token, { sku_id: skuId, quantity: 1 });
        s.check(outcome(answer) === 'ok', `cart add: ${outcome(answer)}`);
        ids.push(dataOf<{ id: number }>(answer).id);
      }
      return ids;
    };
    // The order to pay holds both products (one shop: one order).
    const payer = await newBuyer(app, 10_000);
    const created = await app.post('/api/order/create', payer.token, {
      cart_ids: await cartOf(payer, [lowerOld, higherOnly]),
      address_id: 77,
    });
    s.check(outcome(created) === 'ok', `order to pay: ${outcome(created)}`);
    const toPay = dataOf<{ order_ids: number[]; total: number }>(created);
    const shopper = await newBuyer(app);
    const cartIds = await cartOf(shopper, [lowerNew, higherOnly]);
    // The checkout waits for the lower product's new SKU (held as a stock move holds it, so its
    // foreign keys pass), holding whatever it moved before; then the payment locks the products.
    // In SKU id order the checkout held the higher product, and the payment, holding the lower
    // one, waited for it; in product id order the checkout holds no product and the payment passes.
    const [checkout, paid] = await linedUp(
      sql`select id from product_skus where id = ${lowerNew} for no key update`,
      () => app.post('/api/order/create', shopper.token, { cart_ids: cartIds, address_id: 77 }),
      () => app.post('/api/user/verify_pay', payer.token, { order_ids: toPay.order_ids, paypwd: payCode }),
    );
    s.count([paid, checkout]);
    s.faults += 1;
    s.check(outcome(paid) === 'ok', `payment: ${JSON.stringify(paid.body)}`);
    s.check(outcome(checkout) === 'ok', `checkout: ${JSON.stringify(checkout.body)}`);
    s.check((await wallet(payer)) === 10_000 - toPay.total, `payer balance ${await wallet(payer)}`);
    for (const [skuId, left] of [
      [lowerOld, 9],
      [lowerNew, 9],
      [higherOnly, 8],
    ] as const) {
      const stock = await skuStock(app.db, skuId);
      s.check(stock === left, `SKU ${skuId}: stock ${stock}, ${left} expected`);
    }
    await s.finish(app.db);
  });

  it('two shop suspensions, or a category move beside a suspension: category counters in id order', async () => {
    // Before ADR 0013 addendum 6 a shop's suspension moved the counters of its products' categories
    // in the order its products came back, and a product's move to another category took the old
    // category, then the new one: two of them in opposite orders each held the category the other
    // waited for (PostgreSQL "deadlock detected", HTTP 500).
    const s = new Scenario('A', 'shop suspensions or a category move beside each other');
    const [low, high] = await twoCategories();
    // Two suspensions: one shop's products come back low then high, the other's high then low.
    const first = await shopOf(false);
    const second = await shopOf(false);
    for (const category of [low, high]) await listedProduct(first.id, category);
    for (const category of [high, low]) await listedProduct(second.id, category);
    const suspended = await linedUp(
      categoryRow(low),
      () => suspend(first.id),
      () => suspend(second.id, app.admin2),
    );
    s.count(suspended);
    s.faults += 1;
    s.check(
      suspended.every((answer) => outcome(answer) === 'ok'),
      `suspensions: ${JSON.stringify(tally(suspended))}`,
    );
    // A merchant's product moves from high to low while a shop whose products come back low then
    // high is suspended.
    const mover = await shopOf(true);
    const moved = await listedProduct(mover.id, high);
    const third = await shopOf(false);
    for (const category of [low, high]) await listedProduct(third.id, category);
    const beside = await linedUp(
      categoryRow(high),
      () => app.post('/api/merchant/product_save', mover.token, productForm(low, keptPicture, moved)),
      () => suspend(third.id),
    );
    s.count(beside);
    s.faults += 1;
    s.check(
      beside.every((answer) => outcome(answer) === 'ok'),
      `move beside a suspension: ${JSON.stringify(tally(beside))}`,
    );
    for (const drift of await counterDrift([first.id, second.id, mover.id, third.id], [low, high])) {
      s.check(false, drift);
    }
    await s.finish(app.db);
  });

  it('a shop suspension beside a change of one of its products: the shop row first', async () => {
    // Before ADR 0013 addendum 6 a product's change (the merchant's off-sale, an admin's take-down)
    // locked the product, then read its shop FOR SHARE; the suspension locked the shop, then its
    // products. Each held the row the other waited for (HTTP 500, deadlock).
    const s = new Scenario('A', 'shop suspension beside a product change');
    const [category] = await twoCategories();
    for (const change of ['merchant off sale', 'admin take-down'] as const) {
      const shop = await shopOf(true);
      const products = [await listedProduct(shop.id, category), await listedProduct(shop.id, category)];
      // The suspension meets the products in their physical order; it waits on the first, the change takes the other.
      const physical = await app.db.execute<{ id: number }>(
        sql`select id from products where shop_id = ${shop.id} order by ctid`,
      );
      const [held, changed] = physical.rows.map((row) => Number(row.id));
      const answers = await linedUp(
        sql`select id from products where id = ${held} for update`,
        () => suspend(shop.id),
        () =>
          change === 'merchant off sale'
            ? app.post('/api/merchant/product_status', shop.token, { id: changed, status: 0 })
            : app.post('/api/admin/product_take_down', app.admin2.token, { id: changed, reason: 'Counterfeit' }),
      );
      s.count(answers);
      s.faults += 1;
      s.check(
        answers.every((answer) => outcome(answer) === 'ok'),
        `${change}: ${JSON.stringify(tally(answers))}`,
      );
      const listed = await app.db.execute<{ n: number }>(
        sql`select count(*)::int as n from products where id in (${products[0]}, ${products[1]}) and is_listed`,
      );
      s.check(Number(listed.rows[0]?.n) === 0, `${change}: ${listed.rows[0]?.n} products still listed`);
      for (const drift of await counterDrift([shop.id], [category])) s.check(false, `${change}: ${drift}`);
    }
    await s.finish(app.db);
  });

  it('a review beside its merchant taking the product off sale, while a checkout holds the product', async () => {
    // ADR 0013 addendum 6 has a product's change take its shop, then the product. A review took
    // the product (its foreign key, then its counters), then the shop: with the change holding the
    // shop and waiting for the product, which a third transaction (a checkout moving its stock)
    // held, the review waited for the shop once the row was let go (HTTP 500, deadlock, every
    // time). The review now takes the shop first too.
    const s = new Scenario('A', 'review beside a product change');
    const sale = await shippedSale(1300);
    await app.db.execute(sql`update orders set status = 4, completed_at = now() where id = ${sale.order.id}`);
    const line = await app.db.execute<{ id: number; product: number }>(
      sql`select id, product_id as product from order_items where order_id = ${sale.order.id}`,
    );
    const item = line.rows[0];
    if (!item) throw new Error('no order line');
    const answers = await linedUp(
      sql`select id from products where id = ${item.product} for no key update`,
      () => app.post('/api/merchant/product_status', sale.merchant.token, { id: item.product, status: 0 }),
      () =>
        app.post('/api/order/comment', sale.buyer.token, {
          order_id: sale.order.id,
          item_id: item.id,
          product_score: 5,
          service_score: 5,
          postage_score: 5,
          content: 'Arrived quickly',
        }),
    );
    s.count(answers);
    s.faults += 1;
    s.check(
      answers.every((answer) => outcome(answer) === 'ok'),
      JSON.stringify(tally(answers)),
    );
    const counts = await app.db.execute<{ product: number; shop: number }>(
      sql`select p.review_count::int as product, s.review_count::int as shop from products p join shops s on s.id = p.shop_id where p.id = ${item.product}`,
    );
    s.check(
      counts.rows[0]?.product === 1 && counts.rows[0]?.shop === 1,
      `review counters ${JSON.stringify(counts.rows[0])}`,
    );
    await s.finish(app.db);
  });

  it("a merchant's edit or delete of a product beside a cancel of an order of it: the SKUs before the product", async () => {
    // Before ADR 0013 addendum 6 an edit locked the product, then wrote its SKUs, and a delete
    // locked the product, then (its cascade) the SKUs; a cancel gives a SKU's stock back, then its
    // product's (as a checkout takes it). Each held the row the other waited for, and the buyer's
    // cancel got HTTP 500 (deadlock).
    const s = new Scenario('A', "merchant's product edit or delete beside a cancel");
    for (const change of ['edit', 'delete'] as const) {
      const seller = await newSeller(app, 800, 50);
      const row = await app.db.execute<{ id: number; category: number }>(
        sql`select p.id, p.category_id as category from product_skus k join products p on p.id = k.product_id where k.id = ${seller.skuId}`,
      );
      const productId = Number(row.rows[0]?.id);
      const buyer = await newBuyer(app);
      const order = await orderOf(buyer, seller.skuId);
      let hold: ReturnType<typeof sql>;
      let request: () => Promise<Answer>;
      if (change === 'edit') {
        // Held: the upload the edit attaches, after it has locked what it writes.
        const picture = await uploadPicture(app, seller.merchant.token, 'product');
        hold = sql`select id from uploads where url = ${picture} for update`;
        request = () =>
          app.post('/api/merchant/product_save', seller.merchant.token, {
            ...productForm(Number(row.rows[0]?.category), picture, productId),
            images: [keptPicture, picture],
          });
      } else {
        // Held: the product, as a payment's check that it is still for sale holds it.
        hold = sql`select id from products where id = ${productId} for share`;
        request = () => app.post('/api/merchant/product_delete', seller.merchant.token, { id: productId });
      }
      const [changed, cancelled] = await linedUp(hold, request, () =>
        app.post('/api/order/cancel', buyer.token, { id: order.id }),
      );
      s.count([changed, cancelled]);
      s.faults += 1;
      const expected = change === 'edit' ? 'ok' : 'PRODUCT_HAS_ORDERS';
      s.check(
        outcome(changed) === expected && outcome(cancelled) === 'ok',
        `${change}: ${outcome(changed)}, cancel ${outcome(cancelled)}`,
      );
      // An edit set the stock to its form's 10 and the cancel gave its unit back after it.
      const stock = await skuStock(app.db, seller.skuId);
      s.check(stock === (change === 'edit' ? 11 : 50), `${change}: stock ${stock}`);
    }
    await s.finish(app.db);
  });

  it('two listing changes in one shop at once (off sale, new products): one waits for the other', async () => {
    // Before ADR 0013 addendum 6 a listing change read its shop FOR SHARE, then moved the shop's
    // listed counter: two of them in one shop both held the share lock the other's update needed.
    const s = new Scenario('A', 'two listing changes in one shop');
    const [category] = await twoCategories();
    for (const change of ['off sale', 'new product'] as const) {
      const shop = await shopOf(true);
      let request: (index: number) => Promise<Answer>;
      if (change === 'off sale') {
        const products = [await listedProduct(shop.id, category), await listedProduct(shop.id, category)];
        request = (index) => app.post('/api/merchant/product_status', shop.token, { id: products[index], status: 0 });
      } else {
        const pictures = [
          await uploadPicture(app, shop.token, 'product'),
          await uploadPicture(app, shop.token, 'product'),
        ];
        request = (index) =>
          app.post('/api/merchant/product_save', shop.token, productForm(category, pictures[index] ?? ''));
      }
      const answers = await linedUp(
        categoryRow(category),
        () => request(0),
        () => request(1),
      );
      s.count(answers);
      s.faults += 1;
      s.check(
        answers.every((answer) => outcome(answer) === 'ok'),
        `${change}: ${JSON.stringify(tally(answers))}`,
      );
      for (const drift of await counterDrift([shop.id], [category])) s.check(false, `${change}: ${drift}`);
    }
    await s.finish(app.db);
  });

  it('the settlement sweep beside a suspension of the shop, or a mutual-aid support of it: the shop row first', async () => {
    // Before ADR 0013 addendum 6 the settlement counted the sale on the product, then on the shop
    // and its day; a suspension took the shop, then its products, and a mutual-aid support the
    // shop's day, then the shop. Each pair held the row the other waited for.
    const s = new Scenario('A', 'settlement beside a suspension or a support');
    const settings = await loadOrderSettings(app.db, app.ctx.config.TIME_ZONE);
    for (const other of ['suspension', 'support'] as const) {
      const sale = await shippedSale(1500);
      await app.db.execute(
        sql`update orders set status = 3, received_at = now() - make_interval(days => ${settings.afterSaleDays + 1}) where id = ${sale.order.id}`,
      );
      const product = await app.db.execute<{ id: number }>(
        sql`select product_id as id from product_skus where id = ${sale.skuId}`,
      );
      const productId = Number(product.rows[0]?.id);
      let hold = sql`select id from products where id = ${productId} for update`;
      let request = () => suspend(sale.shopId);
      if (other === 'support') {
        // The shop's day exists (a first support): the race is on its row.
        const early = await app.post('/api/merchant/assist', (await newBuyer(app)).token, { shop_id: sale.shopId });
        s.check(outcome(early) === 'ok', `first support: ${outcome(early)}`);
        const supporter = await newBuyer(app);
        hold = sql`select shop_id from shop_daily_stats where shop_id = ${sale.shopId} for update`;
        request = () => app.post('/api/merchant/assist', supporter.token, { shop_id: sale.shopId });
      }
      // The support waits first and the sweep second; the sweep waits first beside a suspension.
      const sweep = async () => {
        try {
          return await sweepCompletions(app.db, settings, new Date());
        } catch (error) {
          s.check(false, `${other}: the sweep failed: ${String((error as { cause?: unknown }).cause ?? error)}`);
          return undefined;
        }
      };
      const [answer, settled] =
        other === 'support'
          ? await linedUp(hold, request, sweep)
          : await linedUp(hold, sweep, request).then(([done, given]) => [given, done] as const);
      s.count([answer]);
      s.faults += 1;
      s.check(outcome(answer) === 'ok', `${other}: ${outcome(answer)}`);
      const order = await app.db.execute<{ status: number; settled: boolean }>(
        sql`select status, settled_at is not null as settled from orders where id = ${sale.order.id}`,
      );
      s.check(
        settled?.completed === 1 && order.rows[0]?.status === 4 && order.rows[0]?.settled === true,
        `${other}: sweep ${JSON.stringify(settled)}, order ${JSON.stringify(order.rows[0])}`,
      );
      const shop = await app.db.execute<{ sales: number; sales30d: number; support: number; status: number }>(
        sql`select sales::int as sales, sales_30d::int as "sales30d", support_days_30d::int as support, status from shops where id = ${sale.shopId}`,
      );
      const row = shop.rows[0];
      s.check(row?.sales === 1 && row.sales30d === 1, `${other}: shop sales ${JSON.stringify(row)}`);
      s.check(other === 'support' ? row?.support === 1 : row?.status === -1, `${other}: shop ${JSON.stringify(row)}`);
    }
    await s.finish(app.db);
  });

  it("the shops' window refresh beside a sale of one of them: the sale stays in the window", async () => {
    // Before, the refresh was one UPDATE of every shop: it waited for the shop a sale held, then
    // rewrote that shop from the snapshot taken before the sale (read committed re-reads only the
    // shop row), and the shop's 30-day sales lost the sale until the next refresh.
    const s = new Scenario('A', 'window refresh beside a sale');
    const [category] = await twoCategories();
    const shop = await shopOf(false);
    const productId = await listedProduct(shop.id, category);
    const today = new Date().toISOString().slice(0, 10);
    let refresh: Promise<void> | undefined;
    await app.db.transaction(async (tx) => {
      await recordSales(tx, shop.id, [{ productId, quantity: 5, amount: 4500 }], today);
      refresh = refreshShopWindows(app.db, today);
      await untilLockWaiters(app.db, 1);
    });
    await refresh;
    s.operations += 2;
    s.faults += 1;
    const result = await app.db.execute<{ sales: number }>(
      sql`select sales_30d::int as sales from shops where id = ${shop.id}`,
    );
    const sales = Number(result.rows[0]?.sales);
    s.check(sales === 5, `30-day sales ${sales}, 5 sold`);
    await s.finish(app.db);
  });

  it('merchant approval twice (with and without one Idempotency-Key) pays back once', async () => {
    const s = new Scenario('A', 'merchant refund approval twice');
    for (let round = 0; round < byProfile(2, 10); round += 1) {
      const sale = await shippedSale(2500);
      const before = await wallet(sale.buyer);
      const id = dataOf<{ id: number }>(await refundRequest(sale, sale.order.total)).id;
      const key = `approve-${randomBytes(8).toString('hex')}`;
      const approvals = await all(byProfile(6, 16), (index) =>
        app.post('/api/merchant/refund_approve', sale.merchant.token, { id }, index % 2 === 0 ? key : undefined),
      );
      s.count(approvals);
      s.faults += approvals.length - 1;
      const counts = tally(approvals);
      // Keyed repeats may replay the winner's answer; the rest find the request already decided.
      s.check(
        (counts.ok ?? 0) >= 1 && (counts.ok ?? 0) + (counts.REFUND_STATUS_INVALID ?? 0) === approvals.length,
        `round ${round}: ${JSON.stringify(counts)}`,
      );
      s.check((await postings('order_refund', `refund:${id}`)) === 1, `round ${round}: refund postings`);
      s.check((await wallet(sale.buyer)) === before + sale.order.total, `round ${round}: buyer balance`);
      s.check((await orderRow(sale.order.id))?.status === -2, `round ${round}: order status`);
    }
    await s.finish(app.db);
  });

  it('idempotency replays: the same body runs once, a different body under the key is refused', async () => {
    const s = new Scenario('A', 'idempotency replays');
    const seller = await newSeller(app, 900, 10_000);
    for (let round = 0; round < byProfile(2, 10); round += 1) {
      const buyer = await newBuyer(app, 50_000);
      const n = byProfile(6, 16);
      // Checkout: same key and body from n clients at once, then the key with another body.
      const createKey = `create-${randomBytes(8).toString('hex')}`;
      const creates = await all(n, () => createOrder(buyer, seller.skuId, 2, {}, createKey));
      s.count(creates);
      s.faults += n - 1;
      const orderIds = new Set(
        creates.map((answer) => JSON.stringify(dataOf<{ order_ids: number[] }>(answer)?.order_ids)),
      );
      s.check(
        tally(creates).ok === n && orderIds.size === 1,
        `round ${round} create: ${JSON.stringify(tally(creates))}, ${orderIds.size} checkouts`,
      );
      const orderId = dataOf<{ order_ids: number[] }>(creates[0] as Answer).order_ids[0] ?? 0;
      const reused = await createOrder(buyer, seller.skuId, 3, {}, createKey);
      s.count([reused]);
      s.check(outcome(reused) === 'IDEMPOTENCY_KEY_REUSED', `round ${round} create other body: ${outcome(reused)}`);
      const made = await app.db.execute<{ n: number }>(
        sql`select count(*)::int as n from orders where user_id = ${buyer.id}`,
      );
      s.check(Number(made.rows[0]?.n) === 1, `round ${round}: ${made.rows[0]?.n} orders`);

      // Payment: same key and body at once; every answer is the one payment.
      const payKey = `pay-${randomBytes(8).toString('hex')}`;
      const pays = await all(n, () => pay(buyer, orderId, payKey));
      s.count(pays);
      s.faults += n - 1;
      const payments = new Set(
        pays.filter((a) => outcome(a) === 'ok').map((a) => dataOf<{ payment_id: number }>(a).payment_id),
      );
      // More than 5 tries in flight trip the payment-code lockout (it counts tries before checking
      // them, docs: orders README): the surplus may answer PAY_LOCKED, never a second payment.
      const payCounts = tally(pays);
      s.check(
        payments.size === 1 && (payCounts.ok ?? 0) + (payCounts.PAY_LOCKED ?? 0) === n,
        `round ${round} pay: ${JSON.stringify(payCounts)}`,
      );
      s.check((await wallet(buyer)) === 50_000 - 1800, `round ${round}: balance after pay ${await wallet(buyer)}`);

      // Withdrawal: two bodies race under one key; one runs, its twins replay, the others are refused.
      const extractKey = `extract-${randomBytes(8).toString('hex')}`;
      const extracts = await all(n, (index) =>
        app.post('/api/user/extract', buyer.token, { ...bank, amount: index % 2 === 0 ? 1000 : 2000 }, extractKey),
      );
      s.count(extracts);
      s.faults += n - 1;
      const winners = new Set(
        extracts.filter((a) => outcome(a) === 'ok').map((a) => dataOf<{ id: number; amount: number }>(a).amount),
      );
      const counts = tally(extracts);
      s.check(
        winners.size === 1 && (counts.ok ?? 0) + (counts.IDEMPOTENCY_KEY_REUSED ?? 0) + (counts.PAY_LOCKED ?? 0) === n,
        `round ${round} extract: ${JSON.stringify(counts)}`,
      );
      const amount = [...winners][0] ?? 0;
      s.check(
        (await wallet(buyer)) === 50_000 - 1800 - amount,
        `round ${round}: balance after withdrawal ${await wallet(buyer)}`,
      );
    }
    await s.finish(app.db);
  });
});
