import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { extractRequestSchema } from '@crossmart/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, complaints, merchantApplications, orderRefunds, orders, recharges } from '../../db/schema/index.ts';
import { adminPermissions, permissionKey } from '../../plugins/admin-permissions.ts';
import { type Buyer, newBuyer, newProduct, newShop, newUserWithRole } from '../../test/commerce-fixtures.ts';
import { apiClient, type Envelope } from '../../test/http.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { listCategoryIds } from '../catalog/index.ts';
import { requestWithdrawal } from '../wallet/index.ts';

/**
 * Issue 14, done-when: every `/api/admin/*` route, called as a visitor, a buyer, a merchant, a
 * support admin and a super admin, answers as the one permission table says; every admin action
 * writes exactly one audit-log row, and reads write none. The routes come from the app itself,
 * so a route added without a permission entry (or an action without a sample here) fails.
 */

let ctx: TestContext;
const db = () => ctx.database.db;
const { get, post, call } = apiClient(() => ctx.app);

let buyer: Buyer;
let merchant: Buyer;
let support: Buyer;
let superAdmin: Buyer;

beforeAll(async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'crossmart-admin-'));
  ctx = await createTestApp({ env: { DATA_DIR: dir } });
  buyer = await newBuyer(ctx.app, db());
  merchant = await newUserWithRole(ctx.app, db(), 'merchant');
  support = await newUserWithRole(ctx.app, db(), 'admin');
  await db().execute(sql`update users set admin_role = 'support' where id = ${support.id}`);
  superAdmin = await newUserWithRole(ctx.app, db(), 'admin');
});
afterAll(async () => {
  await ctx.close();
});

async function auditCount(): Promise<number> {
  const [row] = await db().select({ n: sql<number>`count(*)::int` }).from(auditLog);
  return row?.n ?? 0;
}

const split = (key: string) => {
  const [method, url] = key.split(' ') as ['GET' | 'POST', string];
  return { method, url };
};

async function callAs(key: string, token: string | undefined, body?: unknown): Promise<Envelope> {
  const { method, url } = split(key);
  return (await call(method, url, { token, ...(method === 'POST' ? { body: body ?? {} } : {}) })).body;
}

/** For each audited action: a fresh record to act on, and the body a super admin sends. */
const samples: Record<string, () => Promise<unknown>> = {
  'POST /api/admin/user_freeze': async () => ({ id: (await newBuyer(ctx.app, db())).id, reason: 'fraud check' }),
  'POST /api/admin/user_unfreeze': async () => {
    const user = await newBuyer(ctx.app, db());
    await db().execute(sql`update users set status = 'disabled' where id = ${user.id}`);
    return { id: user.id };
  },
  'POST /api/admin/user_clear_lockout': async () => ({ id: buyer.id, kind: 'login' }),
  'POST /api/admin/shop_suspend': async () => ({ id: (await newShop(db(), merchant.id)).id, reason: 'counterfeits' }),
  'POST /api/admin/shop_restore': async () => {
    const shop = await newShop(db(), null);
    await db().execute(sql`update shops set status = -1, suspend_reason = 'x' where id = ${shop.id}`);
    return { id: shop.id };
  },
  'POST /api/admin/product_take_down': async () => {
    const shop = await newShop(db(), null);
    return { id: (await newProduct(db(), shop.id, { price: 100, stock: 1 })).productId, reason: 'unsafe' };
  },
  'POST /api/admin/product_restore': async () => {
    const shop = await newShop(db(), null);
    const { productId } = await newProduct(db(), shop.id, { price: 100, stock: 1 });
    await db().execute(sql`update products set status = -1, is_listed = false where id = ${productId}`);
    return { id: productId };
  },
  'POST /api/admin/order_sweeps': async () => ({ advance_minutes: 0 }),
  'POST /api/admin/promo_save': async () => ({
    code: `P${Math.random().toString(36).slice(2, 9)}`,
    type: 'fixed',
    value: 100,
    starts_at: '2026-01-01T00:00:00Z',
    ends_at: '2036-01-01T00:00:00Z',
  }),
  'POST /api/admin/recharge_audit': async () => {
    const [row] = await db().insert(recharges).values({ userId: buyer.id, method: 'manual', amount: 500 }).returning();
    return { id: row?.id, status: 1, actual_amount: 500 };
  },
  'POST /api/admin/extract_audit': async () => {
    const user = await newBuyer(ctx.app, db(), 10_000);
    const input = extractRequestSchema.parse({
      type: 'bank',
      amount: 2000,
      bank_card: '1234567890',
      bank_name: 'Bank',
      holder: 'Holder',
      paypwd: '123456',
    });
    const withdrawal = await db().transaction((tx) => requestWithdrawal(tx, user.id, input));
    return { id: withdrawal.id, status: 2, reason: 'name mismatch' };
  },
  'POST /api/admin/settings_save': async () => {
    const current = await get('/api/admin/settings', { token: superAdmin.token });
    return { ...(current.data as object), commission_rate_bp: 600 };
  },
  'POST /api/admin/channel_save': async () => ({
    kind: 'bank',
    bank_name: 'Test bank',
    account_name: 'Crossmart',
    account_number: '0001112',
  }),
  'POST /api/admin/content_save': async () => ({ key: 'help_support', lang: 'en', body: 'How to shop' }),
  'POST /api/admin/merchant_apply_audit': async () => {
    const applicant = await newBuyer(ctx.app, db());
    const [categoryId] = await listCategoryIds(db());
    const [row] = await db()
      .insert(merchantApplications)
      .values({
        userId: applicant.id,
        shopName: `Shop ${Math.random().toString(36).slice(2, 8)}`,
        logo: '/uploads/logo.webp',
        contactName: 'A',
        mobile: '+819011112222',
        email: 'a@example.com',
        categoryId: categoryId ?? 1,
        description: 'd',
        document: '/uploads/private/doc.webp',
      })
      .returning();
    return { id: row?.id, status: 2, reason: 'incomplete' };
  },
  'POST /api/admin/service_reply': async () => {
    const user = await newBuyer(ctx.app, db());
    await post('/api/service/send', { kind: 'text', body: 'hello' }, { token: user.token });
    return { user_id: user.id, kind: 'text', body: 'How can we help?' };
  },
  'POST /api/admin/refund_arbitrate': async () => {
    // An escalated request (the order row is a bare one: a paid order needs a payment); deciding
    // for the merchant closes it and moves no money.
    const shop = await newShop(db(), merchant.id);
    const [order] = await db()
      .insert(orders)
      .values({
        orderNo: `A${Math.random().toString(36).slice(2, 12)}`,
        userId: buyer.id,
        shopId: shop.id,
        checkoutId: crypto.randomUUID(),
        goodsAmount: 1000,
        freight: 0,
        total: 1000,
        addressId: 1,
        addressName: 'A',
        addressMobile: '+819011112222',
        addressArea: 'Tokyo',
        addressDetail: '1-1',
      })
      .returning();
    const [refund] = await db()
      .insert(orderRefunds)
      .values({
        orderId: order?.id ?? 0,
        userId: buyer.id,
        shopId: shop.id,
        type: 'refund_only',
        amount: 1000,
        productStatus: 'received',
        reason: 'damaged',
        explanation: 'crushed',
        status: 'escalated',
        priorStatus: 2,
      })
      .returning();
    return { id: refund?.id, decision: 'merchant', note: 'The photos show the item intact' };
  },
  'POST /api/admin/complaint_handle': async () => {
    const [row] = await db()
      .insert(complaints)
      .values({ userId: buyer.id, shopId: 1, shopName: 'x', content: 'broken' })
      .returning();
    return { id: row?.id, reply: 'Refunded' };
  },
};

describe('admin permission table', () => {
  it('lists every admin route of the app, and nothing else', () => {
    const routes = [...new Set(ctx.app.adminRoutes)].sort();
    expect(routes.length).toBeGreaterThan(30);
    const missing = routes.filter((key) => !(key in adminPermissions));
    expect(missing, 'admin routes without a permission entry').toEqual([]);
    const stale = Object.keys(adminPermissions).filter((key) => !routes.includes(key));
    expect(stale, 'permission entries without a route').toEqual([]);
    // Every POST is an action (audited) unless the table says why not; every action has a sample here.
    const actions = routes.filter((key) => adminPermissions[key]?.audited);
    expect(actions.filter((key) => !(key in samples))).toEqual([]);
  });

  it('answers visitors, buyers, merchants, support and super admins as the table says', async () => {
    const failures: string[] = [];
    const expectAnswer = (key: string, who: string, body: Envelope, allowed: boolean) => {
      const denied = body.code === 401 ? 'UNAUTHORIZED' : body.error === 'FORBIDDEN' ? 'FORBIDDEN' : null;
      if (who === 'visitor' && body.code !== 401) failures.push(`${key} as visitor: ${body.error ?? body.code}`);
      else if (who !== 'visitor' && allowed && denied) failures.push(`${key} as ${who}: ${denied}`);
      else if (who !== 'visitor' && !allowed && body.error !== 'FORBIDDEN')
        failures.push(`${key} as ${who}: ${body.error ?? 'success'}`);
    };
    for (const key of [...new Set(ctx.app.adminRoutes)]) {
      const permission = adminPermissions[key];
      // The calls carry no body: an allowed caller reaches validation, a denied one never does.
      const before = await auditCount();
      expectAnswer(key, 'visitor', await callAs(key, undefined), false);
      expectAnswer(key, 'buyer', await callAs(key, buyer.token), false);
      expectAnswer(key, 'merchant', await callAs(key, merchant.token), false);
      const supportMay = permission?.roles.includes('support') ?? false;
      expectAnswer(key, 'support', await callAs(key, support.token), supportMay);
      // Refused calls leave no trace in the audit log.
      if (!supportMay && (await auditCount()) !== before) failures.push(`${key}: a refused call wrote an audit row`);
      expectAnswer(key, 'super', await callAs(key, superAdmin.token), permission?.roles.includes('super') ?? false);
    }
    expect(failures).toEqual([]);
  });

  it('writes exactly one audit row per admin action, and none per read', async () => {
    const failures: string[] = [];
    for (const [key, permission] of Object.entries(adminPermissions)) {
      const { method, url } = split(key);
      const before = await auditCount();
      if (permission.audited) {
        const body = await (samples[key] as () => Promise<unknown>)();
        const answer = await callAs(key, superAdmin.token, body);
        if (answer.code !== 1) failures.push(`${key}: ${answer.error} ${JSON.stringify(answer.fields ?? {})}`);
        const rows = (await auditCount()) - before;
        if (rows !== 1) failures.push(`${key} wrote ${rows} audit rows`);
      } else if (method === 'GET') {
        await call('GET', url, { token: superAdmin.token });
        const rows = (await auditCount()) - before;
        if (rows !== 0) failures.push(`${key} (a read) wrote ${rows} audit rows`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('keeps the audit log append-only', async () => {
    await expect(db().execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(db().execute(sql`delete from audit_log`)).rejects.toThrow();
  });

  it('lets the menu follow the role (GET /api/admin/me)', async () => {
    const mine = await get('/api/admin/me', { token: support.token });
    expect(mine.data).toMatchObject({ admin_role: 'support' });
    const allowed = (mine.data as { allowed: string[] }).allowed;
    expect(allowed).toContain(permissionKey('POST', '/api/admin/complaint_handle'));
    expect(allowed).not.toContain(permissionKey('GET', '/api/admin/settings'));
    expect(((await get('/api/admin/me', { token: superAdmin.token })).data as { admin_role: string }).admin_role).toBe(
      'super',
    );
  });
});
