import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { shopDailyStats, shops } from '../db/schema/index.ts';
import { refreshShopWindows } from '../modules/catalog/index.ts';
import { platformDay } from '../shared/platform-day.ts';
import { newShop } from '../test/commerce-fixtures.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { startShopWindowRefresh } from './shop-windows.ts';

let ctx: TestContext;
let db: Database;
beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
});
afterAll(() => ctx.close());

const day = 86_400_000;

describe('platform day', () => {
  it('is the calendar day in the platform time zone', () => {
    const lateEvening = new Date('2026-11-20T16:30:00Z');
    expect(platformDay(lateEvening, 'Asia/Tokyo')).toBe('2026-11-21');
    expect(platformDay(lateEvening, 'UTC')).toBe('2026-11-20');
    expect(platformDay(lateEvening, 'America/Los_Angeles')).toBe('2026-11-20');
  });
});

describe('shop window refresh', () => {
  it('slides every shop’s 30-day window to the current platform day on its interval', async () => {
    const shop = await newShop(db, null);
    const now = new Date();
    const ago = (days: number) => platformDay(new Date(now.getTime() - days * day), 'Asia/Tokyo');
    await db.insert(shopDailyStats).values([
      { shopId: shop.id, day: ago(3), unitsSold: 2, supported: true },
      { shopId: shop.id, day: ago(40), unitsSold: 5, supported: true },
    ]);
    // As they were when day 40 was still inside the window.
    await db.update(shops).set({ sales30d: 7, supportDays30d: 2 }).where(eq(shops.id, shop.id));
    const windowOf = async () =>
      (
        await db
          .select({ sales: shops.sales30d, support: shops.supportDays30d })
          .from(shops)
          .where(eq(shops.id, shop.id))
      )[0];

    const job = startShopWindowRefresh({
      db,
      intervalMs: 20,
      timeZone: 'Asia/Tokyo',
      log: ctx.app.log,
      clock: () => now,
    });
    const deadline = Date.now() + 10_000;
    while ((await windowOf())?.sales !== 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await job.stop();
    expect(await windowOf()).toEqual({ sales: 2, support: 1 });
  });

  it('sweeps the shops in batches of the given size, in id order, and leaves unchanged rows alone', async () => {
    const now = new Date();
    const today = platformDay(now, 'Asia/Tokyo');
    const ago = (days: number) => platformDay(new Date(now.getTime() - days * day), 'Asia/Tokyo');
    const created: Array<{ id: number }> = [];
    for (let index = 0; index < 7; index += 1) created.push(await newShop(db, null));
    // Five shops have a stale window (a sale 40 days ago still counted), two neighbours of them
    // hold what the sweep would write. Stale neighbours share a batch of two, whichever way the
    // batches fall; the last shop is stale, so the sweep must reach it.
    const stale = new Set([0, 1, 2, 5, 6].map((index) => created[index]?.id));
    for (const shop of created) {
      await db.insert(shopDailyStats).values([
        { shopId: shop.id, day: ago(3), unitsSold: 2, supported: true },
        { shopId: shop.id, day: ago(40), unitsSold: 5, supported: true },
      ]);
      const window = stale.has(shop.id) ? { sales30d: 7, supportDays30d: 2 } : { sales30d: 2, supportDays30d: 1 };
      await db.update(shops).set(window).where(eq(shops.id, shop.id));
    }
    // Every shop's window as the sweep leaves it, so the others of this file's database count too.
    await refreshShopWindows(db, today);
    const versions = async () =>
      (
        await db.execute<{ id: number; xmin: string; sales: number; support: number }>(
          sql`select id, xmin::text as xmin, sales_30d as sales, support_days_30d as support from shops order by id`,
        )
      ).rows;
    for (const shop of created.filter((shop) => stale.has(shop.id))) {
      await db.update(shops).set({ sales30d: 7, supportDays30d: 2 }).where(eq(shops.id, shop.id));
    }
    const before = await versions();
    expect(before.length).toBeGreaterThan(6);

    await refreshShopWindows(db, today, undefined, { batchSize: 2 });

    const after = await versions();
    expect(after.map((row) => row.id)).toEqual(before.map((row) => row.id));
    const rewritten = new Map<number, string>();
    for (const [index, row] of after.entries()) {
      const old = before[index];
      if (stale.has(row.id)) {
        expect(row).toMatchObject({ sales: 2, support: 1 });
        expect(row.xmin).not.toBe(old?.xmin);
        rewritten.set(index, row.xmin);
      } else {
        // An unchanged window is not written: the row keeps its version.
        expect(row).toEqual(old);
      }
    }
    // One transaction per batch of two in id order: rewritten rows share a version exactly when they share a batch.
    for (const [index, xmin] of rewritten) {
      for (const [other, otherXmin] of rewritten) {
        if (other !== index) expect(xmin === otherXmin).toBe(Math.floor(index / 2) === Math.floor(other / 2));
      }
    }
  });
});
