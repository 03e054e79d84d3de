import type { Dashboard, PromoSaveBody } from '@crossmart/contract';
import type { Database } from '../../db/client.ts';
import { platformDay } from '../../shared/platform-day.ts';
import { clearUserLockout, countUsersSince, getUserForAdmin, setUserFrozen } from '../accounts/index.ts';
import { writeAuditLog } from '../audit/index.ts';
import { countShopsSince, setProductTakenDown, setShopSuspended } from '../catalog/index.ts';
import { getUserBalance, listUserEntries } from '../ledger/index.ts';
import { countPendingApplications } from '../merchants/index.ts';
import { listOrdersForAdmin, salesSince, savePlatformPromo } from '../orders/index.ts';
import { countUnansweredConversations } from '../service/index.ts';
import { countOpenComplaints } from '../support/index.ts';
import { countPendingAudits } from '../wallet/index.ts';

/**
 * The admin console's actions and composite reads (issue 14). The module owns no table: each
 * action calls the owning module with one transaction and writes its audit row in it.
 */

/** `YYYY-MM-DD` minus `days` calendar days. */
function dayMinus(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

export async function getDashboard(db: Database, timeZone: string, now = new Date()): Promise<Dashboard> {
  const today = platformDay(now, timeZone);
  const starts = { today, days7: dayMinus(today, 6), days30: dayMinus(today, 29) } as const;
  const keys = Object.keys(starts) as (keyof typeof starts)[];
  const [sales, users, shops, audits, applications, complaints, service] = await Promise.all([
    salesSince(
      db,
      timeZone,
      keys.map((key) => ({ key, since: starts[key] })),
      starts.days30,
    ),
    Promise.all(keys.map((key) => countUsersSince(db, starts[key], timeZone))),
    Promise.all(keys.map((key) => countShopsSince(db, starts[key], timeZone))),
    countPendingAudits(db),
    countPendingApplications(db),
    countOpenComplaints(db),
    countUnansweredConversations(db),
  ]);
  const period = (index: number) => {
    const key = keys[index] as keyof typeof starts;
    return {
      gmv: sales.periods[key]?.gmv ?? 0,
      paid_orders: sales.periods[key]?.paid_orders ?? 0,
      new_users: users[index] ?? 0,
      new_shops: shops[index] ?? 0,
    };
  };
  const daily = Array.from({ length: 30 }, (_, index) => {
    const day = dayMinus(today, 29 - index);
    return { day, gmv: sales.daily.get(day) ?? 0 };
  });
  return {
    time_zone: timeZone,
    today: period(0),
    days7: period(1),
    days30: period(2),
    queues: [
      { key: 'recharges', count: audits.recharges },
      { key: 'withdrawals', count: audits.withdrawals },
      { key: 'merchant_applications', count: applications },
      { key: 'complaints', count: complaints },
      { key: 'service', count: service },
    ],
    daily_gmv: daily,
  };
}

/** An account with its balance, its 10 newest orders and ledger entries, and its sessions. */
export async function getUserDetail(db: Database, userId: number) {
  const detail = await getUserForAdmin(db, userId);
  const [balance, orders, entries] = await Promise.all([
    getUserBalance(db, userId),
    listOrdersForAdmin(db, { page: 1, limit: 10, buyer: String(userId), sort: 'id', order: 'desc' }),
    listUserEntries(db, userId, { page: 1, limit: 10 }),
  ]);
  return {
    ...detail,
    balance,
    orders: orders.list.map((order) => ({
      id: order.id,
      order_no: order.order_no,
      status: order.status,
      total: order.total,
      created_at: order.created_at,
    })),
    entries: entries.list,
  };
}

export async function freezeUser(db: Database, adminId: number, userId: number, reason: string) {
  return db.transaction(async (tx) => {
    const change = await setUserFrozen(tx, userId, true);
    await writeAuditLog(tx, {
      adminId,
      action: 'user_freeze',
      targetType: 'user',
      targetId: userId,
      ...change,
      reason,
    });
    return { id: userId };
  });
}

export async function unfreezeUser(db: Database, adminId: number, userId: number, reason?: string) {
  return db.transaction(async (tx) => {
    const change = await setUserFrozen(tx, userId, false);
    await writeAuditLog(tx, {
      adminId,
      action: 'user_unfreeze',
      targetType: 'user',
      targetId: userId,
      ...change,
      reason,
    });
    return { id: userId };
  });
}

export async function clearLockout(db: Database, adminId: number, userId: number, kind: 'login' | 'pay') {
  return db.transaction(async (tx) => {
    const change = await clearUserLockout(tx, userId, kind);
    await writeAuditLog(tx, {
      adminId,
      action: kind === 'login' ? 'user_clear_login_lockout' : 'user_clear_pay_lockout',
      targetType: 'user',
      targetId: userId,
      ...change,
    });
    return { id: userId };
  });
}

/** Suspends or restores a shop; the seller platform shows its merchant the reason. */
export async function setShopSuspension(
  db: Database,
  adminId: number,
  shopId: number,
  suspend: boolean,
  reason: string | undefined,
) {
  return db.transaction(async (tx) => {
    const change = await setShopSuspended(tx, shopId, suspend ? { reason: reason ?? '' } : null);
    await writeAuditLog(tx, {
      adminId,
      action: suspend ? 'shop_suspend' : 'shop_restore',
      targetType: 'shop',
      targetId: shopId,
      before: change.before,
      after: change.after,
      reason,
    });
    return { id: shopId };
  });
}

/** Takes a product down (or puts it back off the shelf, for its merchant to list again). */
export async function setProductTakeDown(
  db: Database,
  adminId: number,
  productId: number,
  takeDown: boolean,
  reason: string | undefined,
) {
  return db.transaction(async (tx) => {
    const change = await setProductTakenDown(tx, productId, takeDown ? { reason: reason ?? '' } : null);
    await writeAuditLog(tx, {
      adminId,
      action: takeDown ? 'product_take_down' : 'product_restore',
      targetType: 'product',
      targetId: productId,
      before: change.before,
      after: change.after,
      reason,
    });
    return { id: productId };
  });
}

export async function savePromo(db: Database, adminId: number, body: PromoSaveBody) {
  return db.transaction(async (tx) => {
    const saved = await savePlatformPromo(tx, body);
    await writeAuditLog(tx, {
      adminId,
      action: body.id === undefined ? 'promo_create' : 'promo_update',
      targetType: 'promo_code',
      targetId: saved.id,
      before: saved.before,
      after: saved.after,
    });
    return { id: saved.id };
  });
}
