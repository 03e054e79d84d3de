import type { MerchantDashboard } from '@crossmart/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { findShopByOwner, getShopStanding, type OwnedShop } from '../catalog/index.ts';
import { getUserBalance } from '../ledger/index.ts';
import { countShopOpenRefunds, countShopOrdersToShip, shopSalesSince } from '../orders/index.ts';

/**
 * The merchant's own shop, which scopes every seller call. A suspended shop (-1) may read its
 * data but not change it.
 */
export async function requireOwnShop(db: Database, userId: number, forWrite: boolean): Promise<OwnedShop> {
  const shop = await findShopByOwner(db, userId);
  if (!shop) throw new AppError('MERCHANT_REQUIRED');
  if (forWrite && shop.status === -1) throw new AppError('SHOP_SUSPENDED');
  return shop;
}

/** Midnight of the platform day `at` falls on, in the platform time zone. */
export function startOfPlatformDay(at: Date, timeZone: string): Date {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const sinceMidnight = ((part('hour') * 60 + part('minute')) * 60 + part('second')) * 1000 + at.getMilliseconds();
  return new Date(at.getTime() - sinceMidnight);
}

export async function getDashboard(
  db: Database,
  userId: number,
  shopId: number,
  timeZone: string,
  now = new Date(),
): Promise<MerchantDashboard> {
  const today = startOfPlatformDay(now, timeZone);
  const monthAgo = new Date(today.getTime() - 29 * 86_400_000);
  const [day, month, toShip, balance, standing, openRefunds] = await Promise.all([
    shopSalesSince(db, shopId, today),
    shopSalesSince(db, shopId, monthAgo),
    countShopOrdersToShip(db, shopId),
    getUserBalance(db, userId),
    getShopStanding(db, shopId),
    countShopOpenRefunds(db, shopId),
  ]);
  return {
    sales_today: day.amount,
    orders_today: day.orders,
    sales_30d: month.amount,
    orders_30d: month.orders,
    to_ship: toShip,
    // Requests waiting for the shop: an answer, or the returned parcel's arrival.
    open_refunds: openRefunds,
    balance,
    fans: standing.fans,
    support_days: standing.supportDays,
    visibility: standing.visibility,
  };
}
