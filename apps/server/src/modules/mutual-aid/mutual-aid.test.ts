import { assistPageSchema, assistResultSchema, assistStatusSchema } from '@crossmart/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../../db/schema/index.ts';
import { call, expectOk, newBuyer, newShop } from '../../test/commerce-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { getSupportStatus, supportShop } from './index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const tokyo = (iso: string) => ({ timeZone: 'Asia/Tokyo', now: new Date(iso) });

async function shopRow(id: number) {
  const [row] = await ctx.database.db
    .select({ supportDays30d: shops.supportDays30d, visibilityScore: shops.visibilityScore })
    .from(shops)
    .where(eq(shops.id, id));
  return row;
}

describe('mutual aid', () => {
  it('supports a shop once per day: the second try answers ALREADY_SUPPORTED_TODAY', async () => {
    const buyer = await newBuyer(ctx.app, ctx.database.db);
    const shop = await newShop(ctx.database.db, null);
    const other = await newShop(ctx.database.db, null);
    const before = await shopRow(shop.id);
    const first = expectOk(
      await call(ctx.app, 'POST', '/api/merchant/assist', buyer.token, assistResultSchema, { shop_id: shop.id }),
    );
    expect(first).toEqual({ days: 1, helped_today: true });
    const again = await call(ctx.app, 'POST', '/api/merchant/assist', buyer.token, assistResultSchema, {
      shop_id: other.id,
    });
    expect(again).toMatchObject({ ok: false, error: 'ALREADY_SUPPORTED_TODAY' });

    // The support feeds the shop's 30-day window and so its visibility score.
    const after = await shopRow(shop.id);
    expect(after?.supportDays30d).toBe(1);
    expect((after?.visibilityScore ?? 0) - (before?.visibilityScore ?? 0)).toBeCloseTo(0.5, 6);

    const status = expectOk(
      await call(ctx.app, 'POST', '/api/merchant/assistStatus', buyer.token, assistStatusSchema, {}),
    );
    expect(status).toMatchObject({ days: 1, helped_today: true, today_shop: { id: shop.id, support_days: 1 } });
    const history = expectOk(
      await call(ctx.app, 'POST', '/api/merchant/assistList', buyer.token, assistPageSchema, { page: 1, limit: 10 }),
    );
    expect(history.list.map((record) => record.shop.id)).toEqual([shop.id]);
    expect(history.total).toBe(1);
  });

  it('refuses the user’s own shop and a closed shop', async () => {
    const buyer = await newBuyer(ctx.app, ctx.database.db);
    const own = await newShop(ctx.database.db, buyer.id);
    const closed = await newShop(ctx.database.db, null);
    await ctx.database.db.update(shops).set({ status: 0 }).where(eq(shops.id, closed.id));
    expect(
      await call(ctx.app, 'POST', '/api/merchant/assist', buyer.token, assistResultSchema, { shop_id: own.id }),
    ).toMatchObject({ ok: false, error: 'SUPPORT_OWN_SHOP' });
    expect(
      await call(ctx.app, 'POST', '/api/merchant/assist', buyer.token, assistResultSchema, { shop_id: closed.id }),
    ).toMatchObject({ ok: false, error: 'SHOP_NOT_FOUND' });
    const status = expectOk(
      await call(ctx.app, 'POST', '/api/merchant/assistStatus', buyer.token, assistStatusSchema, {}),
    );
    expect(status).toMatchObject({ days: 0, helped_today: false, today_shop: null });
  });

  it('counts a day by the platform time zone: 23:59 and 00:00 in Tokyo are two days', async () => {
    const db = ctx.database.db;
    const buyer = await newBuyer(ctx.app, db);
    const shop = await newShop(db, null);
    // 2026-03-01 23:30 in Tokyo is 14:30 UTC; 15:00 UTC is already 2026-03-02 there.
    await supportShop(db, buyer.id, shop.id, tokyo('2026-03-01T14:30:00Z'));
    await expect(supportShop(db, buyer.id, shop.id, tokyo('2026-03-01T14:59:59Z'))).rejects.toMatchObject({
      key: 'ALREADY_SUPPORTED_TODAY',
    });
    expect(await supportShop(db, buyer.id, shop.id, tokyo('2026-03-01T15:00:00Z'))).toEqual({
      days: 2,
      helped_today: true,
    });
    // With TIME_ZONE=UTC the same two instants fall on one day (2026-03-01): the second is refused.
    const utcBuyer = await newBuyer(ctx.app, db);
    const utc = (iso: string) => ({ timeZone: 'UTC', now: new Date(iso) });
    await supportShop(db, utcBuyer.id, shop.id, utc('2026-03-01T14:30:00Z'));
    await expect(supportShop(db, utcBuyer.id, shop.id, utc('2026-03-01T15:00:00Z'))).rejects.toMatchObject({
      key: 'ALREADY_SUPPORTED_TODAY',
    });
    const status = await getSupportStatus(db, buyer.id, tokyo('2026-03-01T15:30:00Z'));
    expect(status).toMatchObject({ today: '2026-03-02', helped_today: true, days: 2 });
    // The shop's cumulative days are distinct days, whoever supported.
    expect(status.today_shop?.support_days).toBe(2);
  });

  it('counts 20 concurrent supports by one user on one day once', async () => {
    const db = ctx.database.db;
    const buyer = await newBuyer(ctx.app, db);
    const shops20 = await Promise.all(Array.from({ length: 4 }, () => newShop(db, null)));
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call(ctx.app, 'POST', '/api/merchant/assist', buyer.token, assistResultSchema, {
          shop_id: shops20[index % shops20.length]?.id,
        }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.error === 'ALREADY_SUPPORTED_TODAY')).toHaveLength(19);
    const status = expectOk(
      await call(ctx.app, 'POST', '/api/merchant/assistStatus', buyer.token, assistStatusSchema, {}),
    );
    expect(status.days).toBe(1);
    const supportedDays = await Promise.all(shops20.map((shop) => shopRow(shop.id)));
    expect(supportedDays.reduce((sum, row) => sum + (row?.supportDays30d ?? 0), 0)).toBe(1);
  });

  it('needs a login', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/merchant/assistStatus', payload: {} });
    expect(res.json().code).toBe(401);
  });
});
