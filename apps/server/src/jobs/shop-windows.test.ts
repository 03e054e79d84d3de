import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { shopDailyStats, shops } from '../db/schema/index.ts';
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
});
