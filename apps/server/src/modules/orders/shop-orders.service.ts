import type {
  LanguageFile,
  OrderStatus,
  PromoSaveBody,
  SellerOrderDetail,
  SellerOrderPage,
  SellerPromo,
  SettlementPage,
} from '@crossmart/contract';
import { orderStatusFilters } from '@crossmart/contract';
import { and, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { orderItems, orderLogisticsEvents, orders, promoCodes } from '../../db/schema/orders.ts';
import { AppError } from '../../errors.ts';
import { normalizePromoCode } from './checkout.service.ts';
import type { OrderSettings } from './order-settings.ts';
import { getOrderDetail, loadOrderSummaries } from './orders.service.ts';

/**
 * The seller platform's side of orders and promo codes (issue 12). Every function takes the
 * caller's shop id; another shop's order or promo answers exactly like a missing one.
 */

async function findShopOrder(db: Database, shopId: number, orderId: number) {
  const [row] = await db
    .select({ userId: orders.userId, buyer: orders.addressName, status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.shopId, shopId)));
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  return row;
}

export async function listShopOrders(
  db: Database,
  shopId: number,
  query: { status: (typeof orderStatusFilters)[number]; page: number; limit: number },
  lang: LanguageFile,
): Promise<SellerOrderPage> {
  const own = eq(orders.shopId, shopId);
  const filter = query.status === 'all' ? own : and(own, eq(orders.status, Number(query.status)));
  const [rows, countRows] = await Promise.all([
    db
      .select({ id: orders.id, userId: orders.userId, buyer: orders.addressName })
      .from(orders)
      .where(filter)
      .orderBy(desc(orders.id))
      .limit(query.limit + 1)
      .offset((query.page - 1) * query.limit),
    db
      .select({ status: orders.status, count: sql<number>`count(*)::int` })
      .from(orders)
      .where(own)
      .groupBy(orders.status),
  ]);
  const counts = Object.fromEntries(orderStatusFilters.map((key) => [key, 0])) as SellerOrderPage['counts'];
  for (const row of countRows) {
    const key = String(row.status) as keyof SellerOrderPage['counts'];
    if (key in counts) counts[key] = Number(row.count);
    counts.all += Number(row.count);
  }
  const page = rows.slice(0, query.limit);
  // Summaries are loaded per buyer (the buyers' loader scopes by user).
  const byBuyer = new Map<number, number[]>();
  for (const row of page) byBuyer.set(row.userId, [...(byBuyer.get(row.userId) ?? []), row.id]);
  const loaded = (
    await Promise.all([...byBuyer].map(([userId, ids]) => loadOrderSummaries(db, userId, ids, lang)))
  ).flat();
  const summaryOf = new Map(loaded.map((summary) => [summary.id, summary]));
  return {
    list: page.flatMap((row) => {
      const summary = summaryOf.get(row.id);
      return summary ? [{ ...summary, buyer: row.buyer }] : [];
    }),
    page: query.page,
    limit: query.limit,
    has_more: rows.length > query.limit,
    total: counts[query.status],
    counts,
  };
}

export async function getShopOrderDetail(
  db: Database,
  settings: OrderSettings,
  shopId: number,
  orderId: number,
  lang: LanguageFile,
): Promise<SellerOrderDetail> {
  const order = await findShopOrder(db, shopId, orderId);
  return { ...(await getOrderDetail(db, settings, order.userId, orderId, lang)), buyer: order.buyer };
}

/** A tracking event after shipping (docs/product-rules.md §3): the buyer's timeline shows it newest first. */
export async function addShopLogisticsEvent(
  db: Database,
  shopId: number,
  input: { order_id: number; description: string; location: string },
) {
  const order = await findShopOrder(db, shopId, input.order_id);
  if (![2, 3, 4].includes(order.status)) throw new AppError('ORDER_STATUS_INVALID');
  await db
    .insert(orderLogisticsEvents)
    .values({ orderId: input.order_id, description: input.description, location: input.location });
  return { id: input.order_id, status: order.status as OrderStatus };
}

/** Paid orders (not cancelled or refunded) since `since`: count and amount, for the dashboard. */
export async function shopSalesSince(db: Database, shopId: number, since: Date) {
  const [row] = await db
    .select({ orders: sql<number>`count(*)::int`, amount: sql<number>`coalesce(sum(${orders.total}), 0)::bigint` })
    .from(orders)
    .where(
      and(
        eq(orders.shopId, shopId),
        isNotNull(orders.paidAt),
        gte(orders.paidAt, since),
        inArray(orders.status, [1, 2, 3, 4, -4]),
      ),
    );
  return { orders: Number(row?.orders ?? 0), amount: Number(row?.amount ?? 0) };
}

/**
 * Whether any order has a line of the product (the seller platform refuses to delete it). Read
 * under the caller's lock on the product: a checkout's new line waits for that lock (its foreign key).
 */
export async function isProductOrdered(db: Database, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.productId, productId))
    .limit(1);
  return row !== undefined;
}

export async function countShopOrdersToShip(db: Database, shopId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.shopId, shopId), eq(orders.status, 1)));
  return Number(row?.n ?? 0);
}

/** Settled orders: total, commission and what reached the merchant's wallet. */
export async function listShopSettlements(
  db: Database,
  shopId: number,
  page: { page: number; limit: number },
): Promise<SettlementPage> {
  const settled = and(eq(orders.shopId, shopId), isNotNull(orders.settledAt));
  const [rows, [sums]] = await Promise.all([
    db
      .select({
        id: orders.id,
        orderNo: orders.orderNo,
        total: orders.total,
        commission: orders.commission,
        settledAt: orders.settledAt,
      })
      .from(orders)
      .where(settled)
      .orderBy(desc(orders.settledAt), desc(orders.id))
      .limit(page.limit + 1)
      .offset((page.page - 1) * page.limit),
    db
      .select({
        total: sql<number>`coalesce(sum(${orders.total}), 0)::bigint`,
        commission: sql<number>`coalesce(sum(${orders.commission}), 0)::bigint`,
        n: sql<number>`count(*)::int`,
      })
      .from(orders)
      .where(settled),
  ]);
  const sumTotal = Number(sums?.total ?? 0);
  const sumCommission = Number(sums?.commission ?? 0);
  return {
    list: rows.slice(0, page.limit).map((row) => ({
      order_id: row.id,
      order_no: row.orderNo,
      total: row.total,
      commission: row.commission ?? 0,
      net: row.total - (row.commission ?? 0),
      settled_at: (row.settledAt ?? new Date(0)).toISOString(),
    })),
    page: page.page,
    limit: page.limit,
    has_more: rows.length > page.limit,
    total: Number(sums?.n ?? 0),
    sum_total: sumTotal,
    sum_commission: sumCommission,
    sum_net: sumTotal - sumCommission,
  };
}

// ---- promo codes ----

// Written out in full: an interpolated column would render unqualified and bind to the subquery's own "id".
export const promoUses = sql<number>`(select count(distinct o.checkout_id)::int from orders o where o.promo_code_id = promo_codes.id and o.status <> -1)`;

function promoOut(row: typeof promoCodes.$inferSelect & { used: number }): SellerPromo {
  return {
    id: row.id,
    code: row.code,
    type: row.type,
    value: row.value,
    min_spend: row.minSpend,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    per_user_limit: row.perUserLimit,
    total_limit: row.totalLimit,
    used: Number(row.used),
    status: row.status,
  };
}

export async function listShopPromos(db: Database, shopId: number, page: { page: number; limit: number }) {
  const rows = await db
    .select({ promo: promoCodes, used: promoUses })
    .from(promoCodes)
    .where(eq(promoCodes.shopId, shopId))
    .orderBy(desc(promoCodes.id))
    .limit(page.limit + 1)
    .offset((page.page - 1) * page.limit);
  return {
    list: rows.slice(0, page.limit).map((row) => promoOut({ ...row.promo, used: row.used })),
    page: page.page,
    limit: page.limit,
    has_more: rows.length > page.limit,
  };
}

/** Creates (no id) or edits one of the shop's promo codes; codes are unique platform-wide. */
export async function saveShopPromo(db: Database, shopId: number, body: PromoSaveBody): Promise<{ id: number }> {
  const values = {
    code: normalizePromoCode(body.code),
    type: body.type,
    value: body.value,
    minSpend: body.min_spend,
    startsAt: new Date(body.starts_at),
    endsAt: new Date(body.ends_at),
    perUserLimit: body.per_user_limit,
    totalLimit: body.total_limit,
    status: body.status,
  };
  try {
    return await db.transaction(async (tx) => {
      if (body.id === undefined) {
        const [row] = await tx
          .insert(promoCodes)
          .values({ ...values, shopId })
          .returning({ id: promoCodes.id });
        if (!row) throw new Error('promo insert returned nothing');
        return row;
      }
      const [row] = await tx
        .update(promoCodes)
        .set(values)
        .where(and(eq(promoCodes.id, body.id), eq(promoCodes.shopId, shopId)))
        .returning({ id: promoCodes.id });
      if (!row) throw new AppError('PROMO_NOT_FOUND');
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('VALIDATION_FAILED', undefined, { code: 'validation.promo_code_taken' });
    throw error;
  }
}
