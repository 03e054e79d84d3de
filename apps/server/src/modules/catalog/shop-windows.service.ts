import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products, shopDailyStats, shops } from '../../db/schema/catalog.ts';
import { lockShopFirst } from './listings.service.ts';

/**
 * Sales and mutual-aid support days of shops: counted per platform day in shop_daily_stats, and
 * the 30-day window kept on the shop row. Other modules (orders, mutual aid) call these inside
 * their own transaction, so the counters move together with the event that changes them.
 */

/** Shops per transaction of the housekeeping sweep: each batch's rows are held only for its own transaction. */
const sweepBatchSize = 200;

/**
 * The 30-day window ending on `today` (a `YYYY-MM-DD` day in the platform time zone): units
 * sold and days with mutual-aid support, recomputed exactly from `shop_daily_stats`.
 * Called after each event for its shop (`shopIds`; the caller's transaction holds the shop row),
 * and by the housekeeping sweep for all shops (the window slides), `batchSize` shops at a time.
 */
export async function refreshShopWindows(
  db: Database,
  today: string,
  shopIds?: readonly number[],
  { batchSize = sweepBatchSize }: { batchSize?: number } = {},
): Promise<void> {
  if (shopIds) return rewriteWindows(db, today, shopIds);
  // Batches in id order, keyset by id, each its own transaction: a sale or a product change of a
  // shop waits at most for one batch, never for the whole set (ADR 0013 addendum 8).
  let after = 0;
  for (;;) {
    const last = await db.transaction(async (tx) => {
      // The batch is locked first (id order, as every other writer of several), in a statement of
      // its own: the rewrite's snapshot is then taken after each sale or support that held one of
      // its shops has committed. As one statement, a shop a sale held was rewritten, once the sale
      // committed, from the snapshot taken before it (read committed re-reads only the shop row).
      const locked = await tx.execute<{ id: number }>(
        sql`select ${shops.id} as id from ${shops} where ${shops.id} > ${after} order by ${shops.id} limit ${batchSize} for no key update`,
      );
      const ids = locked.rows.map((row) => Number(row.id));
      if (ids.length > 0) await rewriteWindows(tx, today, ids);
      return ids.at(-1);
    });
    // Until a batch finds no shop: a shorter batch is not the end when a locked shop was deleted meanwhile.
    if (last === undefined) return;
    after = last;
  }
}

/** Rewrites the windows of `shopIds`, skipping rows whose values would not change (no new row version). */
async function rewriteWindows(db: Database, today: string, shopIds: readonly number[]): Promise<void> {
  if (shopIds.length === 0) return;
  // The ids as one array literal (integers), so the statement's text does not grow with the batch.
  const ids = `{${shopIds.join(',')}}`;
  await db.execute(sql`
    update ${shops} set sales_30d = w.sales, support_days_30d = w.support
    from (
      select s.id, coalesce(sum(d.units_sold), 0)::int as sales, (count(*) filter (where d.supported))::int as support
      from unnest(${ids}::int[]) as s(id)
      left join ${shopDailyStats} d on d.shop_id = s.id and d.day between (${today}::date - 29) and ${today}::date
      group by s.id
    ) w
    where ${shops.id} = w.id and (${shops.sales30d}, ${shops.supportDays30d}) is distinct from (w.sales, w.support)`);
}

export interface SaleLine {
  productId: number;
  quantity: number;
  /** What the buyer paid for the line, minor units. */
  amount: number;
}

/**
 * Counts a completed sale (orders module): product sold count, shop sales, the shop's day.
 * `day` is the sale's day and `today` the current platform day (the same, unless backfilling).
 */
export async function recordSales(
  db: Database,
  shopId: number,
  lines: readonly SaleLine[],
  day: string,
  today: string = day,
) {
  await db.transaction(async (tx) => {
    const units = lines.reduce((sum, line) => sum + line.quantity, 0);
    const amount = lines.reduce((sum, line) => sum + line.amount, 0);
    // The shop row before its products and its day (ADR 0013 addendum 6), as a suspension and a
    // mutual-aid support take them; the products in the caller's order (product id, then SKU id).
    await tx
      .update(shops)
      .set({ sales: sql`${shops.sales} + ${units}`, salesAmount: sql`${shops.salesAmount} + ${amount}` })
      .where(eq(shops.id, shopId));
    for (const line of lines) {
      await tx
        .update(products)
        .set({ soldCount: sql`${products.soldCount} + ${line.quantity}` })
        .where(and(eq(products.id, line.productId), eq(products.shopId, shopId)));
    }
    await tx
      .insert(shopDailyStats)
      .values({ shopId, day, unitsSold: units })
      .onConflictDoUpdate({
        target: [shopDailyStats.shopId, shopDailyStats.day],
        set: { unitsSold: sql`${shopDailyStats.unitsSold} + ${units}` },
      });
    await refreshShopWindows(tx, today, [shopId]);
  });
}

/**
 * Marks `day` as a day on which the shop received mutual-aid support (the mutual-aid module
 * calls this in its transaction). Idempotent per shop and day. `today` as for recordSales.
 */
export async function recordShopSupport(db: Database, shopId: number, day: string, today: string = day) {
  await db.transaction(async (tx) => {
    // The shop row before its day, as the settlement takes them (ADR 0013 addendum 6).
    await lockShopFirst(tx, { shopId });
    await tx
      .insert(shopDailyStats)
      .values({ shopId, day, supported: true })
      .onConflictDoUpdate({ target: [shopDailyStats.shopId, shopDailyStats.day], set: { supported: true } });
    await refreshShopWindows(tx, today, [shopId]);
  });
}
