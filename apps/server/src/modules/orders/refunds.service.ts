import {
  type LanguageFile,
  type NotificationKind,
  type OrderStatus,
  openRefundStatuses,
  type RefundActor,
  type RefundDetail,
  type RefundListQuery,
  type RefundPage,
  type RefundReason,
  type RefundRequestBody,
  type RefundResult,
  type RefundStatus,
  type RefundStep,
} from '@crossmart/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { orderItems, orderRefundSteps, orderRefunds, orders } from '../../db/schema/orders.ts';
import { AppError } from '../../errors.ts';
import { localText } from '../../shared/local-text.ts';
import { userAccounts } from '../accounts/index.ts';
import { writeAuditLog } from '../audit/index.ts';
import { shopOwner, shopRefs } from '../catalog/index.ts';
import { postTransaction } from '../ledger/index.ts';
import { notify } from '../notifications/index.ts';
import { attachOwnUploads } from '../uploads/index.ts';
import type { OrderSettings } from './order-settings.ts';
import { giveStockBack, logStatus, type OrderRow } from './orders.service.ts';
import type { Transact } from './transact.ts';

/**
 * Refund requests (issue 13, docs/product-rules.md §3 "Refunds"). Lock order, always: the refund
 * row first, then its order row; a new request locks only its order (there is no refund row yet).
 * Every transition re-checks the refund's status under its lock, so a repeated or concurrent call
 * (merchant against the sweep, two approvals) finds it moved and changes nothing; the ledger's
 * unique (kind, reference) `order_refund` / `refund:<id>` backs "paid once", and the orders CHECK
 * `refunded_amount <= total` backs "never more than was paid".
 */

type RefundRow = typeof orderRefunds.$inferSelect;
const dayMs = 86_400_000;
const openStatuses: readonly string[] = openRefundStatuses;
const refundableStatuses: readonly number[] = [1, 2, 3];
const iso = (value: Date | null) => (value ? value.toISOString() : null);
const daysAfter = (at: Date, days: number) => new Date(at.getTime() + days * dayMs);
const defaultTransact =
  (db: Database): Transact =>
  (work) =>
    db.transaction(work);

async function addStep(
  tx: Database,
  refundId: number,
  step: RefundStep,
  actor: RefundActor,
  at: Date,
  note = '',
  amount: number | null = null,
) {
  await tx.insert(orderRefundSteps).values({ refundId, step, actor, note, amount, createdAt: at });
}

async function lockOrderRow(tx: Database, orderId: number): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  return order;
}

/** The refund (scoped by `scope`: the buyer's, the shop's, or any for admins), locked, then its order. */
async function lockRefund(
  tx: Database,
  refundId: number,
  scope: { userId?: number; shopId?: number },
): Promise<{ refund: RefundRow; order: OrderRow }> {
  const [refund] = await tx
    .select()
    .from(orderRefunds)
    .where(
      and(
        eq(orderRefunds.id, refundId),
        scope.userId === undefined ? undefined : eq(orderRefunds.userId, scope.userId),
        scope.shopId === undefined ? undefined : eq(orderRefunds.shopId, scope.shopId),
      ),
    )
    .for('update');
  if (!refund) throw new AppError('REFUND_NOT_FOUND');
  return { refund, order: await lockOrderRow(tx, refund.orderId) };
}

function expectStatus(refund: RefundRow, ...allowed: RefundStatus[]) {
  if (!allowed.includes(refund.status as RefundStatus)) throw new AppError('REFUND_STATUS_INVALID');
}

async function notifyShopOwner(tx: Database, order: OrderRow, kind: NotificationKind, refund: RefundRow) {
  const owner = await shopOwner(tx, order.shopId);
  if (owner) await notify(tx, owner, kind, `refund:${refund.id}`, { order_no: order.orderNo, amount: refund.amount });
}

async function notifyBuyer(tx: Database, order: OrderRow, kind: NotificationKind, refund: RefundRow, reason = '') {
  await notify(tx, order.userId, kind, `refund:${refund.id}`, {
    order_no: order.orderNo,
    amount: refund.amount,
    ...(reason ? { reason } : {}),
  });
}

/** The order leaves −4 for where the refund found it. */
async function orderBack(tx: Database, refund: RefundRow, order: OrderRow, actor: RefundActor, at: Date) {
  if (order.status !== -4) return;
  await tx.update(orders).set({ status: refund.priorStatus }).where(eq(orders.id, order.id));
  await logStatus(tx, [order.id], -4, refund.priorStatus, actor, at);
}

/**
 * Escrow → buyer for the refund's amount, in the caller's transaction. Fully refunded: the order
 * is −2 (an order refunded before shipping gives its stock back, as a cancel would); partly: back
 * to its prior status with the refunded amount recorded (settlement pays the merchant the rest).
 * The posting comes last, and callers only insert after it (ADR 0013 addendum 5): a payment
 * holding a product row this refund gives stock back to waits for the escrow account.
 */
async function payOut(tx: Database, refund: RefundRow, order: OrderRow, actor: RefundActor, at: Date) {
  const refunded = order.refundedAmount + refund.amount;
  if (refunded > order.total) throw new AppError('REFUND_AMOUNT_TOO_HIGH');
  const full = refunded === order.total;
  const next = full ? -2 : refund.priorStatus;
  await tx.update(orders).set({ status: next, refundedAmount: refunded }).where(eq(orders.id, order.id));
  await logStatus(tx, [order.id], order.status, next, actor, at);
  if (full && refund.priorStatus === 1) await giveStockBack(tx, order.id);
  await tx
    .update(orderRefunds)
    .set({ status: 'refunded', refundedAt: at, dueAt: null })
    .where(eq(orderRefunds.id, refund.id));
  await addStep(tx, refund.id, 'refunded', actor, at, '', refund.amount);
  await postTransaction(tx, {
    kind: 'order_refund',
    reference: `refund:${refund.id}`,
    legs: [
      { account: { platform: 'escrow' }, amount: -refund.amount },
      { account: { userId: order.userId }, amount: refund.amount },
    ],
    memo: { order_id: order.id },
  });
}

/** An accepted request: a refund pays out at once; a return waits for the parcel (the buyer ships it back). */
async function acceptLocked(
  tx: Database,
  settings: OrderSettings,
  refund: RefundRow,
  order: OrderRow,
  actor: RefundActor,
  at: Date,
): Promise<RefundStatus> {
  if (refund.type === 'refund_only') {
    await payOut(tx, refund, order, actor, at);
    return 'refunded';
  }
  await tx
    .update(orderRefunds)
    .set({ status: 'awaiting_return', dueAt: daysAfter(at, settings.refundReturnDays) })
    .where(eq(orderRefunds.id, refund.id));
  return 'awaiting_return';
}

async function orderStatusOf(tx: Database, orderId: number): Promise<OrderStatus> {
  const [row] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return (row?.status ?? 0) as OrderStatus;
}

// ----------------------------------------------------------------------------------------------
// Buyer

/** `POST /api/order/refund`: from status 1, 2 or 3, one open request per order, amount ≤ paid − refunded. */
export async function requestRefund(
  db: Database,
  settings: OrderSettings,
  userId: number,
  body: RefundRequestBody,
  now = new Date(),
  transact: Transact = defaultTransact(db),
): Promise<RefundResult> {
  try {
    return await transact(async (tx) => {
      const [order] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, body.order_id), eq(orders.userId, userId)))
        .for('update');
      if (!order) throw new AppError('ORDER_NOT_FOUND');
      const [open] = await tx
        .select({ id: orderRefunds.id })
        .from(orderRefunds)
        .where(and(eq(orderRefunds.orderId, order.id), inArray(orderRefunds.status, [...openStatuses])));
      if (open) throw new AppError('REFUND_ALREADY_SUBMITTED');
      if (!refundableStatuses.includes(order.status)) throw new AppError('ORDER_STATUS_INVALID');
      if (body.amount > order.total - order.refundedAmount) throw new AppError('REFUND_AMOUNT_TOO_HIGH');
      const pictures = [...new Set(body.pictures)];
      // Recorded as referenced in this transaction, so the orphan purge keeps the proofs.
      if (!(await attachOwnUploads(tx, userId, 'refund', pictures))) throw new AppError('REFUND_PICTURES_INVALID');
      const itemIds = [...new Set(body.item_ids)];
      if (itemIds.length > 0) {
        const found = await tx
          .select({ id: orderItems.id })
          .from(orderItems)
          .where(and(eq(orderItems.orderId, order.id), inArray(orderItems.id, itemIds)));
        if (found.length !== itemIds.length) throw new AppError('ORDER_NOT_FOUND');
      }
      const [refund] = await tx
        .insert(orderRefunds)
        .values({
          orderId: order.id,
          userId,
          shopId: order.shopId,
          type: body.type,
          amount: body.amount,
          productStatus: body.product_status,
          reason: body.reason,
          explanation: body.explanation,
          pictures,
          itemIds,
          status: 'pending',
          priorStatus: order.status,
          dueAt: daysAfter(now, settings.refundResponseDays),
          createdAt: now,
        })
        .returning();
      if (!refund) throw new Error('refund insert returned nothing');
      await tx.update(orders).set({ status: -4 }).where(eq(orders.id, order.id));
      await logStatus(tx, [order.id], order.status, -4, 'buyer', now);
      await addStep(tx, refund.id, 'requested', 'buyer', now, '', refund.amount);
      await notifyShopOwner(tx, order, 'refund_requested', refund);
      return { id: refund.id, status: 'pending', order_status: -4 };
    });
  } catch (error) {
    // Two requests that passed their checks at once: the unique open-request index keeps one.
    if (isUniqueViolation(error)) throw new AppError('REFUND_ALREADY_SUBMITTED');
    throw error;
  }
}

/** The buyer escalates a refusal to the platform, once, within the escalation window. */
export async function escalateRefund(
  db: Database,
  userId: number,
  input: { id: number; reason: string },
  now = new Date(),
): Promise<RefundResult> {
  return db.transaction(async (tx) => {
    const { refund, order } = await lockRefund(tx, input.id, { userId });
    expectStatus(refund, 'refused');
    if (!refundableStatuses.includes(order.status)) throw new AppError('ORDER_STATUS_INVALID');
    await tx
      .update(orderRefunds)
      .set({ status: 'escalated', escalateReason: input.reason, priorStatus: order.status, dueAt: null })
      .where(eq(orderRefunds.id, refund.id));
    await tx.update(orders).set({ status: -4 }).where(eq(orders.id, order.id));
    await logStatus(tx, [order.id], order.status, -4, 'buyer', now);
    await addStep(tx, refund.id, 'escalated', 'buyer', now, input.reason);
    await notifyShopOwner(tx, order, 'refund_escalated', refund);
    return { id: refund.id, status: 'escalated', order_status: -4 };
  });
}

/** After an approved return: the buyer enters the parcel's carrier and tracking number. */
export async function submitReturn(
  db: Database,
  settings: OrderSettings,
  userId: number,
  input: { id: number; carrier: string; tracking_no: string },
  now = new Date(),
): Promise<RefundResult> {
  return db.transaction(async (tx) => {
    const { refund, order } = await lockRefund(tx, input.id, { userId });
    expectStatus(refund, 'awaiting_return');
    await tx
      .update(orderRefunds)
      .set({
        status: 'returning',
        returnCarrier: input.carrier,
        returnTrackingNo: input.tracking_no,
        dueAt: daysAfter(now, settings.refundResponseDays),
      })
      .where(eq(orderRefunds.id, refund.id));
    await addStep(tx, refund.id, 'return_shipped', 'buyer', now, `${input.carrier} ${input.tracking_no}`);
    await notifyShopOwner(tx, order, 'refund_return_shipped', refund);
    return { id: refund.id, status: 'returning', order_status: order.status as OrderStatus };
  });
}

// ----------------------------------------------------------------------------------------------
// Merchant (every call takes the caller's own shop id: another shop's refund is REFUND_NOT_FOUND)

export async function approveRefund(
  db: Database,
  settings: OrderSettings,
  shopId: number,
  refundId: number,
  now = new Date(),
  transact: Transact = defaultTransact(db),
): Promise<RefundResult> {
  return transact(async (tx) => {
    const { refund, order } = await lockRefund(tx, refundId, { shopId });
    expectStatus(refund, 'pending');
    await addStep(tx, refund.id, 'approved', 'merchant', now);
    const status = await acceptLocked(tx, settings, refund, order, 'merchant', now);
    await notifyBuyer(tx, order, 'refund_approved', refund);
    return { id: refund.id, status, order_status: await orderStatusOf(tx, order.id) };
  });
}

export async function refuseRefund(
  db: Database,
  settings: OrderSettings,
  shopId: number,
  input: { id: number; reason: string },
  now = new Date(),
): Promise<RefundResult> {
  return db.transaction(async (tx) => {
    const { refund, order } = await lockRefund(tx, input.id, { shopId });
    expectStatus(refund, 'pending');
    await tx
      .update(orderRefunds)
      .set({ status: 'refused', refuseReason: input.reason, dueAt: daysAfter(now, settings.refundEscalateDays) })
      .where(eq(orderRefunds.id, refund.id));
    await orderBack(tx, refund, order, 'merchant', now);
    await addStep(tx, refund.id, 'refused', 'merchant', now, input.reason);
    await notifyBuyer(tx, order, 'refund_refused', refund, input.reason);
    return { id: refund.id, status: 'refused', order_status: refund.priorStatus as OrderStatus };
  });
}

/** The returned parcel arrived: the money moves now. */
export async function receiveReturn(
  db: Database,
  shopId: number,
  refundId: number,
  now = new Date(),
  transact: Transact = defaultTransact(db),
): Promise<RefundResult> {
  return transact(async (tx) => {
    const { refund, order } = await lockRefund(tx, refundId, { shopId });
    expectStatus(refund, 'returning');
    await addStep(tx, refund.id, 'return_received', 'merchant', now);
    await payOut(tx, refund, order, 'merchant', now);
    await notifyBuyer(tx, order, 'refund_paid', refund);
    return { id: refund.id, status: 'refunded', order_status: await orderStatusOf(tx, order.id) };
  });
}

// ----------------------------------------------------------------------------------------------
// Admin

/** An admin decides an escalated request, with a note; written to the audit log. */
export async function arbitrateRefund(
  db: Database,
  settings: OrderSettings,
  adminId: number,
  input: { id: number; decision: 'buyer' | 'merchant'; note: string },
  now = new Date(),
  transact: Transact = defaultTransact(db),
): Promise<RefundResult> {
  return transact(async (tx) => {
    const { refund, order } = await lockRefund(tx, input.id, {});
    expectStatus(refund, 'escalated');
    let status: RefundStatus;
    await tx
      .update(orderRefunds)
      .set({ adminNote: input.note, decidedBy: adminId })
      .where(eq(orderRefunds.id, refund.id));
    if (input.decision === 'buyer') {
      await addStep(tx, refund.id, 'decided_for_buyer', 'admin', now, input.note);
      status = await acceptLocked(tx, settings, refund, order, 'admin', now);
    } else {
      await addStep(tx, refund.id, 'decided_for_merchant', 'admin', now, input.note);
      await tx.update(orderRefunds).set({ status: 'closed', dueAt: null }).where(eq(orderRefunds.id, refund.id));
      await orderBack(tx, refund, order, 'admin', now);
      status = 'closed';
    }
    await notifyBuyer(tx, order, 'refund_decided', refund, input.note);
    await writeAuditLog(tx, {
      adminId,
      action: 'refund_arbitrate',
      targetType: 'refund',
      targetId: refund.id,
      before: { status: refund.status, order_status: order.status },
      after: { status, decision: input.decision, amount: refund.amount, order_id: order.id },
      reason: input.note,
    });
    return { id: refund.id, status, order_status: await orderStatusOf(tx, order.id) };
  });
}

// ----------------------------------------------------------------------------------------------
// Timers (run by the order sweeps, before completion)

export interface RefundSweepResult {
  approved: number;
  paid: number;
  closed: number;
}

/**
 * Refunds whose timer ran out: unanswered requests are approved, returns that arrived unconfirmed
 * are paid, returns never shipped and refusals not escalated are closed. Rows are taken with
 * `FOR UPDATE SKIP LOCKED` (a merchant answering the same request holds its lock: the sweep skips
 * it and the merchant's answer wins), then their orders are locked. One refund per transaction,
 * like the order sweeps that move stock or money (order-sweeps.service.ts, ADR 0013 addendum 5).
 */
export async function sweepRefunds(db: Database, settings: OrderSettings, now: Date): Promise<RefundSweepResult> {
  const result: RefundSweepResult = { approved: 0, paid: 0, closed: 0 };
  for (;;) {
    // The count moves only once the refund's transaction has committed (a deadlock's retry runs it again).
    const outcome = await db.transaction(async (tx): Promise<keyof RefundSweepResult | undefined> => {
      const [refund] = await tx
        .select()
        .from(orderRefunds)
        .where(
          sql`${orderRefunds.status} in ('pending', 'refused', 'awaiting_return', 'returning') and ${orderRefunds.dueAt} <= ${now.toISOString()}`,
        )
        .orderBy(asc(orderRefunds.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!refund) return undefined;
      const order = await lockOrderRow(tx, refund.orderId);
      if (refund.status === 'pending') {
        await addStep(tx, refund.id, 'approved', 'system', now);
        await acceptLocked(tx, settings, refund, order, 'system', now);
        await notifyBuyer(tx, order, 'refund_approved', refund);
        return 'approved';
      }
      if (refund.status === 'returning') {
        await payOut(tx, refund, order, 'system', now);
        await notifyBuyer(tx, order, 'refund_paid', refund);
        return 'paid';
      }
      await tx.update(orderRefunds).set({ status: 'closed', dueAt: null }).where(eq(orderRefunds.id, refund.id));
      await addStep(tx, refund.id, 'closed', 'system', now);
      // A return never shipped: the order goes back where it was (a refusal already did).
      if (refund.status === 'awaiting_return') await orderBack(tx, refund, order, 'system', now);
      return 'closed';
    });
    if (!outcome) return result;
    result[outcome] += 1;
  }
}

// ----------------------------------------------------------------------------------------------
// Reading

type Scope = { userId: number } | { shopId: number } | { admin: true };

function scopeFilter(scope: Scope) {
  if ('userId' in scope) return eq(orderRefunds.userId, scope.userId);
  if ('shopId' in scope) return eq(orderRefunds.shopId, scope.shopId);
  return undefined;
}

/** One refund with its order, items, pictures and steps; outside the scope it is REFUND_NOT_FOUND. */
export async function getRefundDetail(
  db: Database,
  scope: Scope,
  query: { id?: number | undefined; order_id?: number | undefined },
  lang: LanguageFile,
): Promise<RefundDetail> {
  const shop = shopRefs(db);
  const [row] = await db
    .select({ refund: orderRefunds, order: orders, shopName: shop.shopName })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .innerJoin(shop, eq(shop.shopId, orderRefunds.shopId))
    .where(
      and(
        scopeFilter(scope),
        query.id === undefined ? undefined : eq(orderRefunds.id, query.id),
        query.order_id === undefined ? undefined : eq(orderRefunds.orderId, query.order_id),
      ),
    )
    .orderBy(desc(orderRefunds.id))
    .limit(1);
  if (!row) throw new AppError('REFUND_NOT_FOUND');
  const { refund, order } = row;
  const [steps, items] = await Promise.all([
    db
      .select()
      .from(orderRefundSteps)
      .where(eq(orderRefundSteps.refundId, refund.id))
      .orderBy(asc(orderRefundSteps.id)),
    db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id)),
  ]);
  const concerned = refund.itemIds.length > 0 ? items.filter((item) => refund.itemIds.includes(item.id)) : items;
  return {
    id: refund.id,
    order_id: order.id,
    order_no: order.orderNo,
    order_status: order.status as OrderStatus,
    shop_id: order.shopId,
    shop_name: row.shopName,
    type: refund.type,
    amount: refund.amount,
    product_status: refund.productStatus,
    reason: refund.reason as RefundReason,
    explanation: refund.explanation,
    pictures: refund.pictures,
    items: concerned.map((item) => ({
      id: item.id,
      title: localText(item.title, item.titleI18n, lang),
      image: item.image,
      quantity: item.quantity,
      amount: item.amount,
    })),
    status: refund.status as RefundStatus,
    refuse_reason: refund.refuseReason,
    escalate_reason: refund.escalateReason,
    admin_note: refund.adminNote,
    return_carrier: refund.returnCarrier,
    return_tracking_no: refund.returnTrackingNo,
    due_at: iso(refund.dueAt),
    order_total: order.total,
    refunded_total: order.refundedAmount,
    refundable: order.total - order.refundedAmount,
    created_at: refund.createdAt.toISOString(),
    steps: steps.map((step) => ({
      step: step.step as RefundStep,
      actor: step.actor as RefundActor,
      note: step.note,
      amount: step.amount,
      at: step.createdAt.toISOString(),
    })),
  };
}

/** A shop's (or, for admins, every shop's) refunds, newest first: open, escalated only, or all. */
export async function listRefunds(db: Database, scope: Scope, query: RefundListQuery): Promise<RefundPage> {
  const shop = shopRefs(db);
  const buyer = userAccounts(db);
  const status =
    query.status === 'all'
      ? undefined
      : query.status === 'escalated'
        ? eq(orderRefunds.status, 'escalated')
        : inArray(orderRefunds.status, [...openStatuses]);
  const rows = await db
    .select({ refund: orderRefunds, orderNo: orders.orderNo, shopName: shop.shopName, buyer: buyer.account })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .innerJoin(shop, eq(shop.shopId, orderRefunds.shopId))
    .innerJoin(buyer, eq(buyer.userId, orderRefunds.userId))
    .where(and(scopeFilter(scope), status))
    .orderBy(desc(orderRefunds.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return {
    list: rows.slice(0, query.limit).map((row) => ({
      id: row.refund.id,
      order_id: row.refund.orderId,
      order_no: row.orderNo,
      shop_name: row.shopName,
      buyer: row.buyer,
      type: row.refund.type,
      amount: row.refund.amount,
      reason: row.refund.reason as RefundReason,
      status: row.refund.status as RefundStatus,
      due_at: iso(row.refund.dueAt),
      created_at: row.refund.createdAt.toISOString(),
    })),
    page: query.page,
    limit: query.limit,
    has_more: rows.length > query.limit,
  };
}

/** The merchant dashboard's figure: requests waiting for the shop (an answer or a parcel's arrival). */
export async function countShopOpenRefunds(db: Database, shopId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.shopId, shopId), inArray(orderRefunds.status, ['pending', 'returning'])));
  return Number(row?.count ?? 0);
}

/** Private-upload reader: the owner of the shop a refund was asked of may see its proof pictures. */
export async function isRefundPictureOfShopOwner(db: Database, viewerId: number, url: string): Promise<boolean> {
  const shop = shopRefs(db);
  const [row] = await db
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .innerJoin(shop, eq(shop.shopId, orderRefunds.shopId))
    .where(and(eq(shop.ownerUserId, viewerId), sql`${orderRefunds.pictures} @> ${JSON.stringify([url])}::jsonb`))
    .limit(1);
  return row !== undefined;
}
