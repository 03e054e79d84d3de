import type {
  LanguageFile,
  OrderDetail,
  OrderList,
  OrderListQuery,
  OrderStatus,
  OrderSummary,
  VerifyPayResult,
} from '@crossmart/contract';
import { orderStatusFilters } from '@crossmart/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { fixedStatementsByLength, listValues, runFixed } from '../../db/prepared.ts';
import { orderItems, orderLogisticsEvents, orderPayments, orderStatusLog, orders } from '../../db/schema/orders.ts';
import { AppError } from '../../errors.ts';
import { localText } from '../../shared/local-text.ts';
import { type PayCodeKeys, withVerifiedPayCode } from '../accounts/index.ts';
import { areProductsPurchasable, releaseStock, reviewedItemRefs, shopRefs } from '../catalog/index.ts';
import { getUserBalance, postTransaction } from '../ledger/index.ts';
import { notify } from '../notifications/index.ts';
import type { OrderSettings } from './order-settings.ts';
import { latestRefunds } from './refund-labels.ts';
import type { Transact } from './transact.ts';

export type OrderActor = 'buyer' | 'merchant' | 'admin' | 'system';
export type OrderRow = typeof orders.$inferSelect;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export async function logStatus(
  db: Database,
  orderIds: number[],
  from: number | null,
  to: number,
  actor: OrderActor,
  at?: Date,
) {
  if (orderIds.length === 0) return;
  await db
    .insert(orderStatusLog)
    .values(
      orderIds.map((orderId) => ({ orderId, fromStatus: from, toStatus: to, actor, ...(at ? { createdAt: at } : {}) })),
    );
}

/** Orders with their items and shop names, in the order of `ids`; only the user's own. */
export async function loadOrderSummaries(
  db: Database,
  userId: number,
  ids: number[],
  lang: LanguageFile,
): Promise<OrderSummary[]> {
  if (ids.length === 0) return [];
  const shop = shopRefs(db);
  const reviewed = reviewedItemRefs(db);
  const [rows, lines, refunds] = await Promise.all([
    db
      .select({ order: orders, shopName: shop.shopName })
      .from(orders)
      .innerJoin(shop, eq(shop.shopId, orders.shopId))
      .where(and(eq(orders.userId, userId), inArray(orders.id, ids))),
    db
      .select({ item: orderItems, reviewedId: reviewed.orderItemId })
      .from(orderItems)
      .leftJoin(reviewed, eq(reviewed.orderItemId, orderItems.id))
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.id)),
    latestRefunds(db, ids),
  ]);
  const byId = new Map(rows.map((row) => [row.order.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const own = lines.filter((line) => line.item.orderId === id);
    return [
      {
        id,
        order_no: row.order.orderNo,
        shop_id: row.order.shopId,
        shop_name: row.shopName,
        status: row.order.status as OrderStatus,
        goods_amount: row.order.goodsAmount,
        freight: row.order.freight,
        discount: row.order.discount,
        total: row.order.total,
        quantity: own.reduce((sum, line) => sum + line.item.quantity, 0),
        items: own.map(({ item, reviewedId }) => ({
          id: item.id,
          product_id: item.productId,
          sku_id: item.skuId,
          // Shown in the reader's language: the snapshot keeps every translation the product had.
          title: localText(item.title, item.titleI18n, lang),
          image: item.image,
          specs: item.specs,
          price: item.price,
          quantity: item.quantity,
          amount: item.amount,
          reviewed: reviewedId !== null,
        })),
        created_at: row.order.createdAt.toISOString(),
        refunded_amount: row.order.refundedAmount,
        refund: refunds.get(id) ?? null,
      },
    ];
  });
}

interface LockedOrder extends Record<string, unknown> {
  id: number;
  user_id: number;
  order_no: string;
  status: number;
  total: number | string;
  expired: boolean;
  product_ids: Array<number | string>;
  /** The same on every row: the new payment's id, null when the orders could not be paid (nothing written). */
  payment_id: number | string | null;
}

/**
 * The orders locked (in id order, so concurrent payments never deadlock) and, only when every one
 * of them is the buyer's, unpaid and not expired, paid: the payment row, the orders set to paid
 * (1) and their status log, as ONE statement (data-modifying CTEs, ADR 0013 addendum 3). The
 * checks read the locked rows, i.e. their newest committed version (read committed re-reads a row
 * it waited for), so of two concurrent payments of one order the second finds it paid and writes
 * nothing. Answers the locked orders (with their lines' products, for the catalog's check that
 * follows in the same transaction) and the payment id. One text per number of orders.
 */
const payOrdersStatement = fixedStatementsByLength(
  (list, length) => sql`
  with locked as materialized (
    select o.id, o.user_id, o.order_no, o.status, o.total,
      o.created_at <= now() - make_interval(mins => ${sql.placeholder('unpaidMinutes')}::int) as expired,
      array(select i.product_id from ${orderItems} i where i.order_id = o.id) as product_ids
    from ${orders} o
    where o.id in (${list})
    order by o.id
    for update of o
  ),
  payable as materialized (
    select coalesce(sum(total), 0)::bigint as amount
    from locked
    having count(*) = ${sql.raw(String(length))}
      and bool_and(user_id = ${sql.placeholder('userId')}::int and status = 0 and not expired)
  ),
  payment as (
    insert into ${orderPayments} (user_id, amount)
    select ${sql.placeholder('userId')}::int, amount from payable
    returning id
  ),
  paid as (
    update ${orders} set status = 1, paid_at = now(), payment_id = (select id from payment)
    where id in (select id from locked) and exists (select 1 from payment)
    returning id
  ),
  logged as (
    insert into ${orderStatusLog} (order_id, from_status, to_status, actor)
    select id, 0, 1, 'buyer' from paid
  )
  select locked.*, (select id from payment) as payment_id from locked order by id`,
);

/**
 * Pays the user's unpaid orders from the balance. The payment code is checked first, on the root
 * handle (its try counter must survive a rollback; a right code ends the count as the first
 * statement of the transaction, or after its rollback); then ONE transaction locks the orders, posts one
 * ledger transaction user → escrow for their total and sets them to 1. All or nothing: an order
 * that is not the user's, not unpaid (already paid, cancelled, expired) or a short balance changes
 * nothing. Repeating a successful call fails with ORDER_STATUS_INVALID and moves no money.
 */
export async function verifyPay(
  db: Database,
  settings: OrderSettings,
  userId: number,
  orderIds: readonly number[],
  payPassword: string,
  payCodes: PayCodeKeys,
  transact: Transact = (work) => db.transaction(work),
): Promise<VerifyPayResult> {
  const ids = [...new Set(orderIds)].sort((a, b) => a - b);
  return withVerifiedPayCode(db, userId, payPassword, payCodes, (endPayCodeCount) =>
    transact(async (tx) => {
      // The right code's try count ends in this transaction (no commit of its own); a rollback
      // ends it on the root handle instead (withVerifiedPayCode).
      await endPayCodeCount(tx);
      const locked = await runFixed<LockedOrder>(tx, payOrdersStatement(ids.length), {
        ...listValues(ids),
        userId,
        unpaidMinutes: settings.unpaidMinutes,
      });
      const paymentId = locked[0]?.payment_id;
      if (paymentId === null || paymentId === undefined) {
        if (locked.length !== ids.length || locked.some((order) => Number(order.user_id) !== userId)) {
          throw new AppError('ORDER_NOT_FOUND');
        }
        throw new AppError('ORDER_STATUS_INVALID');
      }
      // A product taken down or a shop suspended since checkout cannot be paid for (issue 14): the
      // transaction then rolls back, payment included.
      if (
        !(await areProductsPurchasable(
          tx,
          locked.flatMap((order) => order.product_ids.map(Number)),
        ))
      ) {
        throw new AppError('PRODUCT_UNAVAILABLE');
      }
      const amount = locked.reduce((sum, order) => sum + Number(order.total), 0);
      for (const order of locked) {
        await notify(tx, userId, 'order_paid', `order:${order.id}`, {
          order_no: order.order_no,
          amount: Number(order.total),
        });
      }
      // The order rows first, the ledger last: the posting locks the shared escrow account, which
      // is then held only for the posting's own statement and the commit.
      let balance: number | undefined;
      if (amount > 0) {
        const posted = await postTransaction(tx, {
          kind: 'order_payment',
          reference: `payment:${paymentId}`,
          legs: [
            { account: { userId }, amount: -amount },
            { account: { platform: 'escrow' }, amount },
          ],
          memo: { order_ids: ids },
        });
        balance = posted.balances.get(`user:${userId}`);
      }
      // A zero-amount payment posts nothing; the balance is then read from the ledger.
      balance ??= await getUserBalance(tx, userId);
      return { payment_id: Number(paymentId), order_ids: ids, amount, balance };
    }),
  );
}

export async function listOrders(
  db: Database,
  userId: number,
  query: OrderListQuery,
  lang: LanguageFile,
): Promise<OrderList> {
  const filter =
    query.status === 'all'
      ? eq(orders.userId, userId)
      : and(eq(orders.userId, userId), eq(orders.status, Number(query.status)));
  const [rows, countRows] = await Promise.all([
    db
      .select({ id: orders.id })
      .from(orders)
      .where(filter)
      .orderBy(desc(orders.id))
      .limit(query.limit + 1)
      .offset((query.page - 1) * query.limit),
    db
      .select({ status: orders.status, count: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.userId, userId))
      .groupBy(orders.status),
  ]);
  const counts = Object.fromEntries(orderStatusFilters.map((key) => [key, 0])) as OrderList['counts'];
  for (const row of countRows) {
    const key = String(row.status) as keyof OrderList['counts'];
    if (key in counts) counts[key] = Number(row.count);
    counts.all += Number(row.count);
  }
  const ids = rows.slice(0, query.limit).map((row) => row.id);
  return {
    list: await loadOrderSummaries(db, userId, ids, lang),
    page: query.page,
    limit: query.limit,
    has_more: rows.length > query.limit,
    total: counts[query.status],
    counts,
  };
}

export async function getOrderDetail(
  db: Database,
  settings: OrderSettings,
  userId: number,
  orderId: number,
  lang: LanguageFile,
): Promise<OrderDetail> {
  const [summary] = await loadOrderSummaries(db, userId, [orderId], lang);
  if (!summary) throw new AppError('ORDER_NOT_FOUND');
  const [[order], history, logistics] = await Promise.all([
    db.select().from(orders).where(eq(orders.id, orderId)),
    db.select().from(orderStatusLog).where(eq(orderStatusLog.orderId, orderId)).orderBy(asc(orderStatusLog.id)),
    db
      .select()
      .from(orderLogisticsEvents)
      .where(eq(orderLogisticsEvents.orderId, orderId))
      .orderBy(desc(orderLogisticsEvents.happenedAt), desc(orderLogisticsEvents.id)),
  ]);
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  return {
    ...summary,
    address: {
      id: order.addressId,
      name: order.addressName,
      mobile: order.addressMobile,
      area: order.addressArea,
      address: order.addressDetail,
    },
    promo_code: order.promoCode,
    remark: order.remark,
    carrier: order.carrier,
    tracking_no: order.trackingNo,
    paid_at: iso(order.paidAt),
    shipped_at: iso(order.shippedAt),
    received_at: iso(order.receivedAt),
    completed_at: iso(order.completedAt),
    cancelled_at: iso(order.cancelledAt),
    pay_deadline:
      order.status === 0 ? new Date(order.createdAt.getTime() + settings.unpaidMinutes * 60_000).toISOString() : null,
    history: history.map((entry) => ({
      from_status: entry.fromStatus === null ? null : (entry.fromStatus as OrderStatus),
      status: entry.toStatus as OrderStatus,
      actor: entry.actor,
      at: entry.createdAt.toISOString(),
    })),
    logistics: logistics.map((event) => ({
      description: event.description,
      location: event.location,
      at: event.happenedAt.toISOString(),
    })),
  };
}

/**
 * Gives an order's units back to stock (a cancel, a full refund before shipping), by product id
 * then SKU id, as a checkout takes them and a payment locks products (ADR 0013 addendum 7).
 */
export async function giveStockBack(tx: Database, orderId: number): Promise<void> {
  const items = await tx
    .select({ skuId: orderItems.skuId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productId), asc(orderItems.skuId));
  for (const item of items) await releaseStock(tx, item.skuId, item.quantity);
}

/**
 * Cancels a locked order: unpaid (0) → stock back; paid (1) → full refund escrow → buyer
 * (order_cancel_refund, reference `order:<id>`) and stock back. Anything else: ORDER_STATUS_INVALID.
 */
export async function cancelLocked(tx: Database, order: OrderRow, actor: OrderActor, at?: Date): Promise<void> {
  if (order.status !== 0 && order.status !== 1) throw new AppError('ORDER_STATUS_INVALID');
  await giveStockBack(tx, order.id);
  await tx
    .update(orders)
    .set({ status: -1, cancelledAt: at ?? sql`now()` })
    .where(eq(orders.id, order.id));
  await logStatus(tx, [order.id], order.status, -1, actor, at);
  // A partial refund already returned part of the total: the cancel returns the rest. The ledger
  // last (ADR 0013 addendum 5): a payment holding this product's row waits for the escrow account.
  const remaining = order.total - order.refundedAmount;
  if (order.status === 1 && remaining > 0) {
    await postTransaction(tx, {
      kind: 'order_cancel_refund',
      reference: `order:${order.id}`,
      legs: [
        { account: { platform: 'escrow' }, amount: -remaining },
        { account: { userId: order.userId }, amount: remaining },
      ],
    });
  }
}

async function lockOwnOrder(tx: Database, userId: number, orderId: number): Promise<OrderRow> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .for('update');
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  return order;
}

export async function cancelOrder(
  db: Database,
  userId: number,
  orderId: number,
  transact: Transact = (work) => db.transaction(work),
) {
  return transact(async (tx) => {
    const order = await lockOwnOrder(tx, userId, orderId);
    await cancelLocked(tx, order, 'buyer');
    return { id: orderId, status: -1 as const };
  });
}

/** Buyer confirms receipt: 2 → 3 (the after-sale window starts). */
export async function confirmOrder(db: Database, userId: number, orderId: number) {
  return db.transaction(async (tx) => {
    const order = await lockOwnOrder(tx, userId, orderId);
    if (order.status !== 2) throw new AppError('ORDER_STATUS_INVALID');
    await tx.update(orders).set({ status: 3, receivedAt: sql`now()` }).where(eq(orders.id, orderId));
    await logStatus(tx, [orderId], 2, 3, 'buyer');
    return { id: orderId, status: 3 as const };
  });
}

/** The owner of the order's shop ships it: 1 → 2, carrier and tracking number, first logistics event. */
export async function shipOrder(
  db: Database,
  merchantUserId: number,
  input: { order_id: number; carrier: string; tracking_no: string },
) {
  return db.transaction(async (tx) => {
    const shop = shopRefs(tx);
    const [found] = await tx
      .select({ order: orders })
      .from(orders)
      .innerJoin(shop, eq(shop.shopId, orders.shopId))
      .where(and(eq(orders.id, input.order_id), eq(shop.ownerUserId, merchantUserId)))
      .for('update', { of: orders });
    if (!found) throw new AppError('ORDER_NOT_FOUND');
    if (found.order.status !== 1) throw new AppError('ORDER_STATUS_INVALID');
    await tx
      .update(orders)
      .set({ status: 2, shippedAt: sql`now()`, carrier: input.carrier, trackingNo: input.tracking_no })
      .where(eq(orders.id, input.order_id));
    await tx.insert(orderLogisticsEvents).values({
      orderId: input.order_id,
      description: `${input.carrier} ${input.tracking_no}`,
    });
    await logStatus(tx, [input.order_id], 1, 2, 'merchant');
    await notify(tx, found.order.userId, 'order_shipped', `order:${input.order_id}`, {
      order_no: found.order.orderNo,
      carrier: input.carrier,
      tracking_no: input.tracking_no,
    });
    return { id: input.order_id, status: 2 as const };
  });
}
