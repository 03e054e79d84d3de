import type { AssistPage, AssistResult, AssistStatus, PageQuery, SupportedShop } from '@crossmart/contract';
import { and, count, countDistinct, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { shopSupports } from '../../db/schema/mutual-aid.ts';
import { AppError } from '../../errors.ts';
import { platformDay } from '../../shared/platform-day.ts';
import { findShopSummary, listShopSummaries, recordShopSupport } from '../catalog/index.ts';

/** When "today" is: the platform time zone and the current instant (tests move it). */
export interface SupportClock {
  timeZone: string;
  now: Date;
}

/** The user's cumulative days of support: one row per day, so the row count. */
async function userDays(db: Database, userId: number): Promise<number> {
  const [row] = await db.select({ days: count() }).from(shopSupports).where(eq(shopSupports.userId, userId));
  return row?.days ?? 0;
}

/** Distinct days on which each shop received support (from anyone). */
async function shopDays(db: Database, shopIds: readonly number[]): Promise<Map<number, number>> {
  if (shopIds.length === 0) return new Map();
  const rows = await db
    .select({ shopId: shopSupports.shopId, days: countDistinct(shopSupports.day) })
    .from(shopSupports)
    .where(inArray(shopSupports.shopId, [...new Set(shopIds)]))
    .groupBy(shopSupports.shopId);
  return new Map(rows.map((row) => [row.shopId, row.days]));
}

/**
 * `POST /api/merchant/assist`: supports an open shop, once per platform day and never one's own.
 * The unique (user, day) key decides: a concurrent second tap waits on it and then inserts
 * nothing, so it counts once. The shop's day is recorded by catalog in the same transaction
 * (its support_days_30d and so its visibility move at once).
 */
export async function supportShop(
  db: Database,
  userId: number,
  shopId: number,
  clock: SupportClock,
): Promise<AssistResult> {
  const today = platformDay(clock.now, clock.timeZone);
  return db.transaction(async (tx) => {
    const shop = await findShopSummary(tx, shopId);
    if (!shop?.isOpen) throw new AppError('SHOP_NOT_FOUND');
    if (shop.ownerUserId === userId) throw new AppError('SUPPORT_OWN_SHOP');
    const inserted = await tx
      .insert(shopSupports)
      .values({ userId, shopId, day: today, createdAt: clock.now })
      .onConflictDoNothing()
      .returning({ id: shopSupports.id });
    if (inserted.length === 0) throw new AppError('ALREADY_SUPPORTED_TODAY');
    await recordShopSupport(tx, shopId, today);
    return { days: await userDays(tx, userId), helped_today: true };
  });
}

/** `POST /api/merchant/assistStatus`: helped today, cumulative days and today's shop. */
export async function getSupportStatus(db: Database, userId: number, clock: SupportClock): Promise<AssistStatus> {
  const today = platformDay(clock.now, clock.timeZone);
  const [todayRow] = await db
    .select({ shopId: shopSupports.shopId })
    .from(shopSupports)
    .where(and(eq(shopSupports.userId, userId), eq(shopSupports.day, today)));
  let todayShop: SupportedShop | null = null;
  if (todayRow) {
    const [summaries, days] = await Promise.all([
      listShopSummaries(db, [todayRow.shopId]),
      shopDays(db, [todayRow.shopId]),
    ]);
    const shop = summaries.get(todayRow.shopId);
    todayShop = {
      id: todayRow.shopId,
      name: shop?.name ?? '',
      logo: shop?.logo ?? '',
      support_days: days.get(todayRow.shopId) ?? 0,
    };
  }
  return { days: await userDays(db, userId), helped_today: todayRow !== undefined, today, today_shop: todayShop };
}

/** `POST /api/merchant/assistList`: the user's support record, newest first. */
export async function listSupports(db: Database, userId: number, query: PageQuery): Promise<AssistPage> {
  const rows = await db
    .select({
      id: shopSupports.id,
      shopId: shopSupports.shopId,
      day: shopSupports.day,
      createdAt: shopSupports.createdAt,
    })
    .from(shopSupports)
    .where(eq(shopSupports.userId, userId))
    .orderBy(desc(shopSupports.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  const pageRows = rows.slice(0, query.limit);
  const shopIds = pageRows.map((row) => row.shopId);
  const [summaries, days] = await Promise.all([listShopSummaries(db, shopIds), shopDays(db, shopIds)]);
  return {
    list: pageRows.map((row) => {
      const shop = summaries.get(row.shopId);
      return {
        id: row.id,
        day: row.day,
        created_at: row.createdAt.toISOString(),
        shop: {
          id: row.shopId,
          name: shop?.name ?? '',
          logo: shop?.logo ?? '',
          support_days: days.get(row.shopId) ?? 0,
        },
      };
    }),
    page: query.page,
    limit: query.limit,
    has_more: rows.length > query.limit,
    total: await userDays(db, userId),
  };
}
