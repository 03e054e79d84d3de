import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products, shopDailyStats, shops } from '../../db/schema/catalog.ts';
import { lockShopFirst } from './listings.service.ts';

/**
 * Sales and mutual-aid support days of shops: counted per platform day in shop_daily_stats, and
 * the 30-day window kept on the shop row. Other modules (orders, mutual aid) call these inside
 * their own transaction, so the counters move together with the event that changes them.
 */

/**
 * The 30-day window ending on `today` (a `YYYY-MM-DD` day in the platform time zone): units
 * sold and days with mutual-aid support, recomputed exactly from `shop_daily_stats`.
 * Called after each event for its shop (`shopIds`; the caller's transaction holds the shop row),
 * and by the housekeeping sweep for all shops (the window slides).
 */
export async function refreshShopWindows(db: Database, today: string, shopIds?: readonly number[]): Promise<void> {
  if (shopIds) return rewriteWindows(db, today, shopIds);
  await db.transaction(async (tx) => {
    // Every shop is locked first (id order, as every other writer of several), in a statement of
    // its own: the rewrite's snapshot is then taken after each sale or support that held a shop has
    // committed. As one statement, a shop a sale held was rewritten, once the sale committed, from
    // the snapshot taken before it (read committed re-reads only the shop row): the sale left the window.
    await tx.execute(
      sql`select count(*) from (select ${shops.id} from ${shops} order by ${shops.id} for no key update) locked`,
    );
    await rewriteWindows(tx, today);
  });
}

async function rewriteWindows(db: Database, today: string, shopIds?: readonly number[]): Promise<void> {
  const from = sql`(${today}::date - 29)`;
  await db
    .update(shops)
    .set({
      sales30d: sql`coalesce((select sum(${shopDailyStats.unitsSold}) from ${shopDailyStats} where ${shopDailyStats.shopId} = ${shops.id} and ${shopDailyStats.day} between ${from} and ${today}::date), 0)`,
      supportDays30d: sql`(select count(*) from ${shopDailyStats} where ${shopDailyStats.shopId} = ${shops.id} and ${shopDailyStats.supported} and ${shopDailyStats.day} between ${from} and ${today}::date)`,
    })
    .where(shopIds ? inArray(shops.id, [...shopIds]) : undefined);
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
