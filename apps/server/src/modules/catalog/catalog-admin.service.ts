import type { AdminProductRow, AdminShopRow } from '@crossmart/contract';
import { and, asc, desc, eq, gte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { fixedStatementsByLength, listValues, runFixed } from '../../db/prepared.ts';
import { products, shops } from '../../db/schema/catalog.ts';
import { AppError } from '../../errors.ts';
import { isRowIdText } from '../../shared/row-id-text.ts';
import { lockShopFirst, setProductStatus, setShopStatus } from './listings.service.ts';

/**
 * The admin console's view of shops and products (issue 14): paged lists, suspending a shop and
 * taking a product down with a reason the merchant sees. The admin module writes the audit row
 * with the before / after these functions return, in the same transaction.
 */

interface Paging {
  page: number;
  limit: number;
}

const shopStatusOf = { open: 1, closed: 0, suspended: -1 } as const;
const productStatusOf = { on_sale: 1, off_shelf: 0, removed: -1 } as const;
const direction = (order: 'asc' | 'desc') => (order === 'asc' ? asc : desc);

/** `%text%` for ILIKE, with the pattern characters of the text escaped. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export async function listShopsForAdmin(
  db: Database,
  query: Paging & {
    q?: string | undefined;
    status?: keyof typeof shopStatusOf | undefined;
    sort: 'id' | 'created_at' | 'sales_amount';
    order: 'asc' | 'desc';
  },
  ownerNames: (ids: number[]) => Promise<Map<number, string>>,
): Promise<{ list: AdminShopRow[]; page: number; limit: number; has_more: boolean }> {
  const conditions: SQL[] = [];
  if (query.q) {
    const byId = isRowIdText(query.q) ? eq(shops.id, Number(query.q)) : undefined;
    conditions.push(or(sql`${shops.name} ilike ${likePattern(query.q)}`, byId) as SQL);
  }
  if (query.status) conditions.push(eq(shops.status, shopStatusOf[query.status]));
  const column = { id: shops.id, created_at: shops.createdAt, sales_amount: shops.salesAmount }[query.sort];
  const rows = await db
    .select()
    .from(shops)
    .where(and(...conditions))
    .orderBy(direction(query.order)(column), direction(query.order)(shops.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  const page = rows.slice(0, query.limit);
  const owners = await ownerNames(page.flatMap((row) => (row.ownerUserId ? [row.ownerUserId] : [])));
  return {
    list: page.map((row) => ({
      id: row.id,
      name: row.name,
      owner_user_id: row.ownerUserId,
      owner_account: row.ownerUserId ? (owners.get(row.ownerUserId) ?? null) : null,
      status: row.status,
      suspend_reason: row.suspendReason,
      product_count: row.productCount,
      sales_amount: row.salesAmount,
      created_at: row.createdAt.toISOString(),
    })),
    page: query.page,
    limit: query.limit,
    has_more: rows.length > query.limit,
  };
}

export interface StatusChange {
  before: { status: number; reason: string | null };
  after: { status: number; reason: string | null };
  ownerUserId: number | null;
}

/**
 * Suspends (status -1, with the reason the merchant sees) or restores (status 1) a shop; its
 * products leave or rejoin the public lists, carts and payments with it (`is_listed`).
 */
export async function setShopSuspended(
  tx: Database,
  shopId: number,
  suspend: { reason: string } | null,
): Promise<StatusChange> {
  const [shop] = await tx
    .select({ status: shops.status, reason: shops.suspendReason, ownerUserId: shops.ownerUserId })
    .from(shops)
    .where(eq(shops.id, shopId))
    .for('update');
  if (!shop) throw new AppError('SHOP_NOT_FOUND');
  if (suspend ? shop.status === -1 : shop.status !== -1) throw new AppError('ALREADY_PROCESSED');
  const status = suspend ? -1 : 1;
  await setShopStatus(tx, shopId, status);
  await tx
    .update(shops)
    .set({ suspendReason: suspend?.reason ?? null })
    .where(eq(shops.id, shopId));
  return {
    before: { status: shop.status, reason: shop.reason },
    after: { status, reason: suspend?.reason ?? null },
    ownerUserId: shop.ownerUserId,
  };
}

export async function listProductsForAdmin(
  db: Database,
  query: Paging & {
    q?: string | undefined;
    shop_id?: number | undefined;
    status?: keyof typeof productStatusOf | undefined;
    sort: 'id' | 'price' | 'sold_count';
    order: 'asc' | 'desc';
  },
): Promise<{ list: AdminProductRow[]; page: number; limit: number; has_more: boolean }> {
  const conditions: SQL[] = [];
  if (query.q) {
    const byId = isRowIdText(query.q) ? eq(products.id, Number(query.q)) : undefined;
    conditions.push(or(sql`${products.title} ilike ${likePattern(query.q)}`, byId) as SQL);
  }
  if (query.shop_id) conditions.push(eq(products.shopId, query.shop_id));
  if (query.status) conditions.push(eq(products.status, productStatusOf[query.status]));
  const column = { id: products.id, price: products.price, sold_count: products.soldCount }[query.sort];
  const rows = await db
    .select({ product: products, shopName: shops.name })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(and(...conditions))
    .orderBy(direction(query.order)(column), direction(query.order)(products.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return {
    list: rows.slice(0, query.limit).map(({ product, shopName }) => ({
      id: product.id,
      shop_id: product.shopId,
      shop_name: shopName,
      title: product.title,
      price: product.price,
      stock: product.stock,
      sold_count: product.soldCount,
      status: product.status,
      removed_reason: product.removedReason,
      created_at: product.createdAt.toISOString(),
    })),
    page: query.page,
    limit: query.limit,
    has_more: rows.length > query.limit,
  };
}

/**
 * Takes a product down (status -1, with the reason the merchant sees) or puts it back off the
 * shelf (status 0: the merchant decides when it sells again).
 */
export async function setProductTakenDown(
  tx: Database,
  productId: number,
  takeDown: { reason: string } | null,
): Promise<StatusChange> {
  await lockShopFirst(tx, { productId });
  const [row] = await tx
    .select({ status: products.status, reason: products.removedReason, shopId: products.shopId })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  if (!row) throw new AppError('PRODUCT_NOT_FOUND');
  if (takeDown ? row.status === -1 : row.status !== -1) throw new AppError('ALREADY_PROCESSED');
  const status = takeDown ? -1 : 0;
  await setProductStatus(tx, productId, status);
  await tx
    .update(products)
    .set({ removedReason: takeDown?.reason ?? null })
    .where(eq(products.id, productId));
  const [shop] = await tx.select({ ownerUserId: shops.ownerUserId }).from(shops).where(eq(shops.id, row.shopId));
  return {
    before: { status: row.status, reason: row.reason },
    after: { status, reason: takeDown?.reason ?? null },
    ownerUserId: shop?.ownerUserId ?? null,
  };
}

/** Shops opened since the start of a platform day (`YYYY-MM-DD` in `timeZone`; dashboard). */
export async function countShopsSince(db: Database, sinceDay: string, timeZone: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(shops)
    .where(gte(shops.createdAt, sql`(${sinceDay}::date)::timestamp at time zone ${timeZone}`));
  return row?.n ?? 0;
}

/**
 * False when any of the products is not on sale or its shop is not open (suspended, closed):
 * payment refuses such orders, locking the rows so a suspension cannot slip in between.
 */
export async function areProductsPurchasable(tx: Database, productIds: readonly number[]): Promise<boolean> {
  if (productIds.length === 0) return true;
  const ids = [...new Set(productIds)].sort((a, b) => a - b);
  const rows = await runFixed<{ is_listed: boolean }>(tx, purchasableStatement(ids.length), listValues(ids));
  return rows.length === ids.length && rows.every((row) => row.is_listed);
}

/** One text per number of products, prepared once per connection; locked in id order. */
const purchasableStatement = fixedStatementsByLength(
  (list) =>
    sql`select ${products.isListed} from ${products} where ${products.id} in (${list}) order by ${products.id} for share`,
);
