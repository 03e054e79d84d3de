/** Shared set-up of the cart and order tests: shops, products, buyers with a payment code and a balance. */
import { failureEnvelopeSchema, successEnvelope } from '@crossmart/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { App } from '../app.ts';
import type { Database } from '../db/client.ts';
import { categories, productSkus, users } from '../db/schema/index.ts';
import { sessionsChanged } from '../modules/accounts/index.ts';
import { createProduct, createShop } from '../modules/catalog/index.ts';
import { postTransaction } from '../modules/ledger/index.ts';
import type { AddressLookup } from '../modules/orders/index.ts';
import { registerBuyer } from './fixtures.ts';

export const payCode = '123456';
export const knownAddressId = 77;
export const testAddress = {
  name: 'Yamada Hanako',
  mobile: '+818012345678',
  area: 'Tokyo Shibuya',
  address: '1-2-3 Jingumae',
};
/** The addresses module's stand-in: one known address id, for every user. */
export const addressLookup: AddressLookup = async (_db, _userId, addressId) =>
  addressId === knownAddressId ? testAddress : undefined;

let references = 0;
export async function giveBalance(db: Database, userId: number, amount: number): Promise<void> {
  // Taken before the transaction: its callback runs after BEGIN, when concurrent calls have moved
  // the counter on, so reading it there gave two calls one reference (refused as ALREADY_PROCESSED).
  references += 1;
  const reference = `test-recharge-${Date.now()}-${references}`;
  await db.transaction((tx) =>
    postTransaction(tx, {
      kind: 'recharge',
      reference,
      legs: [
        { account: { platform: 'external' }, amount: -amount },
        { account: { userId }, amount },
      ],
    }),
  );
}

export interface Buyer {
  id: number;
  token: string;
}

/** A registered buyer with the payment code set and, when given, a balance. */
export async function newBuyer(app: App, db: Database, balance = 0): Promise<Buyer> {
  const buyer = await registerBuyer(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/resetPay',
    headers: { token: buyer.token },
    payload: { paypwd: payCode, repaypwd: payCode, password: 'secret123' },
  });
  if (res.json().code !== 1) throw new Error(`resetPay failed: ${res.body}`);
  if (balance > 0) await giveBalance(db, buyer.id, balance);
  return buyer;
}

export async function newMerchant(app: App, db: Database): Promise<Buyer> {
  return newUserWithRole(app, db, 'merchant');
}

export async function newUserWithRole(app: App, db: Database, role: 'merchant' | 'admin'): Promise<Buyer> {
  const user = await registerBuyer(app);
  await db
    .update(users)
    .set({ role, adminRole: role === 'admin' ? 'super' : null })
    .where(eq(users.id, user.id));
  // Written by hand: the session cache is told, as the app's own role change does (ADR 0013).
  sessionsChanged(user.id);
  return user;
}

export async function newShop(db: Database, ownerUserId: number | null) {
  return createShop(db, { name: `shop ${Math.random().toString(36).slice(2, 8)}`, ownerUserId });
}

export async function newProduct(
  db: Database,
  shopId: number,
  input: {
    price: number;
    stock: number;
    freight?: number;
    specs?: Array<{ name: string; value: string }>;
    titleI18n?: Record<string, string>;
  },
): Promise<{ productId: number; skuId: number }> {
  const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
  if (!category) throw new Error('no category');
  const product = await createProduct(db, {
    shopId,
    categoryId: category.id,
    title: `Product ${Math.random().toString(36).slice(2, 8)}`,
    ...(input.titleI18n ? { titleI18n: input.titleI18n } : {}),
    images: ['/uploads/p.webp'],
    freight: input.freight ?? 0,
    skus: [{ specs: input.specs ?? [{ name: 'Color', value: 'Black' }], price: input.price, stock: input.stock }],
  });
  return { productId: product.id, skuId: product.skuIds[0] ?? 0 };
}

export async function skuStock(db: Database, skuId: number): Promise<number> {
  const [row] = await db.select({ stock: productSkus.stock }).from(productSkus).where(eq(productSkus.id, skuId));
  return row?.stock ?? -1;
}

export async function balanceOf(db: Database, code: string): Promise<number> {
  const result = await db.execute<{ balance: string }>(
    sql`select coalesce((select balance from ledger_accounts where code = ${code}), 0)::bigint as balance`,
  );
  return Number(result.rows[0]?.balance ?? 0);
}

type Method = 'GET' | 'POST';
/** Calls the API and parses a success with `schema`; returns the failure envelope otherwise. */
export async function call<T extends z.ZodType>(
  app: App,
  method: Method,
  url: string,
  token: string | undefined,
  schema: T,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<{ ok: true; data: z.infer<T> } | { ok: false; error: string; code: number }> {
  const res = await app.inject({
    method,
    url,
    headers: { lang: 'en', ...headers, ...(token ? { token } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  const body = res.json();
  if (body.code === 1) {
    const parsed = successEnvelope(schema).parse(body) as { data: z.infer<T> };
    return { ok: true, data: parsed.data };
  }
  const failure = failureEnvelopeSchema.parse(body);
  return { ok: false, error: failure.error, code: failure.code };
}

/** Unwraps a success or fails the test with the error key. */
export function expectOk<T>(result: { ok: true; data: T } | { ok: false; error: string }): T {
  if (!result.ok) throw new Error(`expected success, got ${result.error}`);
  return result.data;
}
