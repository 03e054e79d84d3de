import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderItems, orderRefunds, orders } from '../../db/schema/orders.ts';
import { platformDay } from '../../shared/platform-day.ts';
import { writeAuditLog } from '../audit/index.ts';
import { recordSales, shopOwner } from '../catalog/index.ts';
import { postTransaction } from '../ledger/index.ts';
import { notify } from '../notifications/index.ts';
import type { OrderSettings } from './order-settings.ts';
import { cancelLocked, logStatus, type OrderRow } from './orders.service.ts';
import { type RefundSweepResult, sweepRefunds } from './refunds.service.ts';

// ---------------------------------------------------------------------------------------------
// Sweeps (docs/product-rules.md §3). Each takes a batch with FOR UPDATE SKIP LOCKED, so several server
// instances never process the same order, and takes `now` so tests control the clock.

const sweepBatch = 100;
/**
 * The sweeps that move stock, sales or money take one order per transaction. Inside one, SKU and
 * product rows are locked by product id, then SKU id, as a checkout, a cancel and a payment lock
 * them, and the ledger
 * comes last. A batch would lock its orders' rows in order id order, which can cross a checkout of
 * several SKUs, and would hold escrow while the next order waits (ADR 0013 addendum 5).
 */
const oneOrder = 1;

export interface SweepResult {
  cancelled: number;
  received: number;
  completed: number;
  settled: number;
  /** Completed orders whose shop has no owner: their money stays in escrow (see README). */
  unsettled: number[];
  /** Refund timers: approved without an answer, paid after an unconfirmed return, closed. */
  refunds: RefundSweepResult;
}

async function lockBatch(tx: Database, where: ReturnType<typeof sql>, size = sweepBatch): Promise<OrderRow[]> {
  return tx.select().from(orders).where(where).orderBy(asc(orders.id)).limit(size).for('update', { skipLocked: true });
}

/** Unpaid orders older than the pay window: cancelled, stock back. */
export async function sweepUnpaidOrders(db: Database, settings: OrderSettings, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - settings.unpaidMinutes * 60_000);
  let total = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const batch = await lockBatch(
        tx,
        sql`${orders.status} = 0 and ${orders.createdAt} <= ${cutoff.toISOString()}`,
        oneOrder,
      );
      for (const order of batch) await cancelLocked(tx, order, 'system', now);
      return batch.length;
    });
    total += done;
    if (done < oneOrder) return total;
  }
}

/** Shipped orders the buyer did not confirm within the auto-receive days: received. */
export async function sweepAutoReceive(db: Database, settings: OrderSettings, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - settings.autoReceiveDays * 86_400_000);
  let total = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const batch = await lockBatch(tx, sql`${orders.status} = 2 and ${orders.shippedAt} <= ${cutoff.toISOString()}`);
      if (batch.length === 0) return 0;
      const ids = batch.map((order) => order.id);
      await tx.update(orders).set({ status: 3, receivedAt: now }).where(inArray(orders.id, ids));
      await logStatus(tx, ids, 2, 3, 'system', now);
      // The buyer did not confirm: they learn that the order now counts as delivered.
      for (const order of batch) {
        await notify(tx, order.userId, 'order_delivered', `order:${order.id}`, { order_no: order.orderNo });
      }
      return batch.length;
    });
    total += done;
    if (done < sweepBatch) return total;
  }
}

export function commissionOf(total: number, bps: number): number {
  return Math.floor((total * bps) / 10_000);
}

/**
 * Received orders whose after-sale window has closed: completed (sales counted) and settled
 * escrow → the shop owner's wallet (total − commission) and → fees (commission), one ledger
 * transaction `order_settlement` per order. A shop without an owner: the order completes but its
 * money stays in escrow (settled_at null, logged by the caller); a later sweep settles it once the
 * shop has an owner.
 */
export async function sweepCompletions(
  db: Database,
  settings: OrderSettings,
  now: Date,
): Promise<{ completed: number; settled: number; unsettled: number[] }> {
  const cutoff = new Date(now.getTime() - settings.afterSaleDays * 86_400_000);
  const result = { completed: 0, settled: 0, unsettled: [] as number[] };
  const seen = new Set<number>();
  for (;;) {
    // The counts move only once the order's transaction has committed (a deadlock's retry runs it again).
    const handled = await db.transaction(async (tx) => {
      const [order] = await lockBatch(
        tx,
        // Never an order with an open refund (a refused one may still be escalated): docs/product-rules.md §3.
        sql`((${orders.status} = 3 and ${orders.receivedAt} <= ${cutoff.toISOString()} and not exists (select 1 from ${orderRefunds} where ${orderRefunds.orderId} = ${orders.id} and ${orderRefunds.status} in ('pending', 'refused', 'escalated', 'awaiting_return', 'returning'))) or (${orders.status} = 4 and ${orders.settledAt} is null)) and ${orders.id} not in (select unnest(${`{${[...seen].join(',')}}`}::int[]))`,
        oneOrder,
      );
      if (!order) return undefined;
      const completed = order.status === 3;
      if (completed) {
        await tx.update(orders).set({ status: 4, completedAt: now }).where(eq(orders.id, order.id));
        await logStatus(tx, [order.id], 3, 4, 'system', now);
        const lines = await tx
          .select({ productId: orderItems.productId, quantity: orderItems.quantity, amount: orderItems.amount })
          .from(orderItems)
          .where(eq(orderItems.orderId, order.id))
          .orderBy(asc(orderItems.productId), asc(orderItems.skuId));
        await recordSales(tx, order.shopId, lines, platformDay(now, settings.timeZone));
      }
      const ownerUserId = await shopOwner(tx, order.shopId);
      if (!ownerUserId) return { id: order.id, completed, settled: false };
      // What partial refunds returned to the buyer is no longer in escrow for the merchant.
      const payable = order.total - order.refundedAmount;
      const commission = commissionOf(payable, settings.commissionBps);
      const legs = [
        { account: { platform: 'escrow' as const }, amount: -payable },
        { account: { userId: ownerUserId }, amount: payable - commission },
        { account: { platform: 'fees' as const }, amount: commission },
      ].filter((leg) => leg.amount !== 0);
      await tx.update(orders).set({ settledAt: now, commission }).where(eq(orders.id, order.id));
      // The ledger last (ADR 0013 addendum 5).
      if (legs.length >= 2) {
        await postTransaction(tx, { kind: 'order_settlement', reference: `order:${order.id}`, legs });
      }
      return { id: order.id, completed, settled: true };
    });
    if (!handled) return result;
    seen.add(handled.id);
    if (handled.completed) result.completed += 1;
    if (handled.settled) result.settled += 1;
    else result.unsettled.push(handled.id);
  }
}

export async function runOrderSweeps(db: Database, settings: OrderSettings, now = new Date()): Promise<SweepResult> {
  const cancelled = await sweepUnpaidOrders(db, settings, now);
  const received = await sweepAutoReceive(db, settings, now);
  // Refund timers first: an order whose refund is settled now may complete in the same run.
  const refunds = await sweepRefunds(db, settings, now);
  const completion = await sweepCompletions(db, settings, now);
  return { cancelled, received, ...completion, refunds };
}

export async function unsettledOrderCount(db: Database): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.status, 4), sql`${orders.settledAt} is null`));
  return Number(row?.count ?? 0);
}

/**
 * Orders a sweep would take now, by sweep (the `queue_size` metric): a backlog that keeps growing
 * means the sweeps do not run or cannot keep up. One statement over the status indexes.
 */
export async function sweepBacklog(
  db: Database,
  settings: OrderSettings,
  now: Date,
): Promise<{ unpaid: number; auto_receive: number; completion: number }> {
  const unpaidCutoff = new Date(now.getTime() - settings.unpaidMinutes * 60_000).toISOString();
  const receiveCutoff = new Date(now.getTime() - settings.autoReceiveDays * 86_400_000).toISOString();
  const completionCutoff = new Date(now.getTime() - settings.afterSaleDays * 86_400_000).toISOString();
  const [row] = await db
    .select({
      unpaid: sql<number>`count(*) filter (where ${orders.status} = 0 and ${orders.createdAt} <= ${unpaidCutoff})::int`,
      auto_receive: sql<number>`count(*) filter (where ${orders.status} = 2 and ${orders.shippedAt} <= ${receiveCutoff})::int`,
      completion: sql<number>`count(*) filter (where (${orders.status} = 3 and ${orders.receivedAt} <= ${completionCutoff}) or (${orders.status} = 4 and ${orders.settledAt} is null))::int`,
    })
    .from(orders)
    .where(inArray(orders.status, [0, 2, 3, 4]));
  return {
    unpaid: Number(row?.unpaid ?? 0),
    auto_receive: Number(row?.auto_receive ?? 0),
    completion: Number(row?.completion ?? 0),
  };
}

/**
 * `POST /api/admin/order_sweeps`: the timers run on an admin's request. The sweeps commit batch by
 * batch like the timer job, so the audit row follows them in its own transaction with what they did.
 */
export async function runOrderSweepsForAdmin(
  db: Database,
  adminId: number,
  settings: OrderSettings,
  advanceMinutes: number,
): Promise<SweepResult> {
  const result = await runOrderSweeps(db, settings, new Date(Date.now() + advanceMinutes * 60_000));
  await db.transaction((tx) =>
    writeAuditLog(tx, {
      adminId,
      action: 'order_sweeps_run',
      targetType: 'orders',
      targetId: 'sweeps',
      after: { advance_minutes: advanceMinutes, ...result },
    }),
  );
  return result;
}
