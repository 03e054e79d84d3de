import type { AdminOrderDetail, AdminOrderRow, OrderStatus, PromoSaveBody } from '@crossmart/contract';
import { and, asc, desc, eq, gte, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { orderItems, orderLogisticsEvents, orderStatusLog, orders, promoCodes } from '../../db/schema/orders.ts';
import { AppError } from '../../errors.ts';
import { isRowIdText } from '../../shared/row-id-text.ts';
import { userAccounts } from '../accounts/index.ts';
import { shopRefs } from '../catalog/index.ts';
import { ledgerTransactionsByReference } from '../ledger/index.ts';
import { normalizePromoCode } from './checkout.service.ts';
import { promoUses } from './shop-orders.service.ts';

/**
 * The admin console's view of orders (issue 14): paged search, one order with its history,
 * logistics and ledger transactions, and the dashboard's sales figures.
 */

interface Paging {
  page: number;
  limit: number;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export async function listOrdersForAdmin(
  db: Database,
  query: Paging & {
    order_no?: string | undefined;
    buyer?: string | undefined;
    shop?: string | undefined;
    status?: OrderStatus | undefined;
    sort: 'id' | 'total';
    order: 'asc' | 'desc';
  },
): Promise<{ list: AdminOrderRow[]; page: number; limit: number; has_more: boolean }> {
  const buyer = userAccounts(db);
  const shop = shopRefs(db);
  const conditions: SQL[] = [];
  if (query.order_no) conditions.push(eq(orders.orderNo, query.order_no));
  if (query.buyer) {
    conditions.push(
      isRowIdText(query.buyer)
        ? (or(eq(orders.userId, Number(query.buyer)), sql`lower(${buyer.account}) = lower(${query.buyer})`) as SQL)
        : sql`lower(${buyer.account}) = lower(${query.buyer})`,
    );
  }
  if (query.shop) {
    conditions.push(
      isRowIdText(query.shop)
        ? eq(orders.shopId, Number(query.shop))
        : sql`${shop.shopName} ilike ${likePattern(query.shop)}`,
    );
  }
  if (query.status !== undefined) conditions.push(eq(orders.status, query.status));
  const by = query.order === 'asc' ? asc : desc;
  const rows = await db
    .select({
      id: orders.id,
      order_no: orders.orderNo,
      user_id: orders.userId,
      buyer_account: buyer.account,
      shop_id: orders.shopId,
      shop_name: shop.shopName,
      status: orders.status,
      total: orders.total,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .innerJoin(buyer, eq(buyer.userId, orders.userId))
    .innerJoin(shop, eq(shop.shopId, orders.shopId))
    .where(and(...conditions))
    .orderBy(by(query.sort === 'total' ? orders.total : orders.id), by(orders.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return {
    list: rows.slice(0, query.limit).map(({ createdAt, ...row }) => ({
      ...row,
      status: row.status as OrderStatus,
      created_at: createdAt.toISOString(),
    })),
    page: query.page,
    limit: query.limit,
    has_more: rows.length > query.limit,
  };
}

export async function getOrderForAdmin(db: Database, orderId: number): Promise<AdminOrderDetail> {
  const buyer = userAccounts(db);
  const shop = shopRefs(db);
  const [row] = await db
    .select({ order: orders, buyerAccount: buyer.account, shopName: shop.shopName })
    .from(orders)
    .innerJoin(buyer, eq(buyer.userId, orders.userId))
    .innerJoin(shop, eq(shop.shopId, orders.shopId))
    .where(eq(orders.id, orderId));
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  const { order } = row;
  const [items, history, logistics] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id)),
    db.select().from(orderStatusLog).where(eq(orderStatusLog.orderId, orderId)).orderBy(asc(orderStatusLog.id)),
    db
      .select()
      .from(orderLogisticsEvents)
      .where(eq(orderLogisticsEvents.orderId, orderId))
      .orderBy(desc(orderLogisticsEvents.happenedAt), desc(orderLogisticsEvents.id)),
  ]);
  // The payment may cover several orders of one checkout; refunds and settlement are per order.
  const references = [`order:${order.id}`, ...(order.paymentId ? [`payment:${order.paymentId}`] : [])];
  return {
    order: {
      id: order.id,
      order_no: order.orderNo,
      user_id: order.userId,
      buyer_account: row.buyerAccount,
      shop_id: order.shopId,
      shop_name: row.shopName,
      status: order.status as OrderStatus,
      total: order.total,
      created_at: order.createdAt.toISOString(),
      goods_amount: order.goodsAmount,
      freight: order.freight,
      discount: order.discount,
      address: [order.addressName, order.addressMobile, order.addressArea, order.addressDetail].join(' '),
      items: items.map((item) => ({
        title: item.title,
        sku: item.specs.map((spec) => `${spec.name}: ${spec.value}`).join(', '),
        price: item.price,
        quantity: item.quantity,
      })),
    },
    status_history: history.map((entry) => ({
      from_status: entry.fromStatus === null ? null : (entry.fromStatus as OrderStatus),
      status: entry.toStatus as OrderStatus,
      actor: entry.actor,
      created_at: entry.createdAt.toISOString(),
    })),
    logistics: logistics.map((event) => ({
      description: event.description,
      location: event.location,
      created_at: event.happenedAt.toISOString(),
    })),
    transactions: await ledgerTransactionsByReference(db, references),
  };
}

/** The platform day of a timestamp column as SQL (`date` in the platform time zone). */
const dayOf = (column: SQL | typeof orders.paidAt, timeZone: string) => sql`(${column} at time zone ${timeZone})::date`;

/**
 * GMV (the totals of orders paid in the period, whatever happened to them after) and the count
 * of paid orders since each of the given platform days, plus GMV per day since the first.
 */
export async function salesSince(
  db: Database,
  timeZone: string,
  days: { key: string; since: string }[],
  seriesSince: string,
): Promise<{ periods: Record<string, { gmv: number; paid_orders: number }>; daily: Map<string, number> }> {
  const periods: Record<string, { gmv: number; paid_orders: number }> = {};
  for (const { key, since } of days) {
    const [row] = await db
      .select({
        gmv: sql<string>`coalesce(sum(${orders.total}), 0)`,
        n: sql<number>`count(*)::int`,
      })
      .from(orders)
      .where(
        and(isNotNull(orders.paidAt), gte(orders.paidAt, sql`(${since}::date)::timestamp at time zone ${timeZone}`)),
      );
    periods[key] = { gmv: Number(row?.gmv ?? 0), paid_orders: row?.n ?? 0 };
  }
  const series = await db
    .select({ day: sql<string>`${dayOf(orders.paidAt, timeZone)}::text`, gmv: sql<string>`sum(${orders.total})` })
    .from(orders)
    .where(
      and(
        isNotNull(orders.paidAt),
        gte(orders.paidAt, sql`(${seriesSince}::date)::timestamp at time zone ${timeZone}`),
      ),
    )
    // By position: the time zone is a parameter, so the expression is not textually the same twice.
    .groupBy(sql`1`);
  return { periods, daily: new Map(series.map((row) => [row.day, Number(row.gmv)])) };
}

/** Platform-wide promo codes (no shop): a page, newest first. */
export async function listPlatformPromos(db: Database, page: Paging) {
  const rows = await db
    .select({ promo: promoCodes, used: promoUses })
    .from(promoCodes)
    .where(isNull(promoCodes.shopId))
    .orderBy(desc(promoCodes.id))
    .limit(page.limit + 1)
    .offset((page.page - 1) * page.limit);
  return {
    list: rows.slice(0, page.limit).map(({ promo, used }) => ({
      id: promo.id,
      code: promo.code,
      type: promo.type,
      value: promo.value,
      min_spend: promo.minSpend,
      starts_at: promo.startsAt.toISOString(),
      ends_at: promo.endsAt.toISOString(),
      per_user_limit: promo.perUserLimit,
      total_limit: promo.totalLimit,
      used,
      status: promo.status,
    })),
    page: page.page,
    limit: page.limit,
    has_more: rows.length > page.limit,
  };
}

/**
 * Creates (no id) or edits a platform-wide promo code inside the caller's transaction (savepoint,
 * so a taken code answers a field error and the caller's transaction goes on). Returns the rows
 * before and after for the audit log.
 */
export async function savePlatformPromo(
  tx: Database,
  body: PromoSaveBody,
): Promise<{ id: number; before: unknown; after: unknown }> {
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
    return await tx.transaction(async (inner) => {
      if (body.id === undefined) {
        const [row] = await inner
          .insert(promoCodes)
          .values({ ...values, shopId: null })
          .returning();
        if (!row) throw new Error('promo insert returned nothing');
        return { id: row.id, before: null, after: row };
      }
      const [before] = await inner
        .select()
        .from(promoCodes)
        .where(and(eq(promoCodes.id, body.id), isNull(promoCodes.shopId)))
        .for('update');
      if (!before) throw new AppError('PROMO_NOT_FOUND');
      const [row] = await inner.update(promoCodes).set(values).where(eq(promoCodes.id, body.id)).returning();
      return { id: body.id, before, after: row };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('VALIDATION_FAILED', undefined, { code: 'validation.promo_code_taken' });
    throw error;
  }
}
