import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { shops } from '../../db/schema/catalog.ts';

/** What other modules (support, mutual aid) need to know about a shop. */
export interface ShopSummary {
  id: number;
  name: string;
  logo: string;
  ownerUserId: number | null;
  isOpen: boolean;
}

const summaryColumns = {
  id: shops.id,
  name: shops.name,
  logo: shops.logo,
  ownerUserId: shops.ownerUserId,
  isOpen: sql<boolean>`${shops.status} = 1`,
};

/** A shop by id, open or not; undefined when there is none. */
export async function findShopSummary(db: Database, shopId: number): Promise<ShopSummary | undefined> {
  const [row] = await db.select(summaryColumns).from(shops).where(eq(shops.id, shopId));
  return row;
}

/** Shops by id (any status), for lists that show names and logos. */
export async function listShopSummaries(db: Database, shopIds: readonly number[]): Promise<Map<number, ShopSummary>> {
  if (shopIds.length === 0) return new Map();
  const rows = await db
    .select(summaryColumns)
    .from(shops)
    .where(inArray(shops.id, [...new Set(shopIds)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** An open shop whose name is `name`, ignoring case and surrounding spaces. */
export async function findOpenShopByName(db: Database, name: string): Promise<ShopSummary | undefined> {
  const [row] = await db
    .select(summaryColumns)
    .from(shops)
    .where(and(eq(shops.status, 1), sql`lower(${shops.name}) = lower(${name.trim()})`))
    .orderBy(shops.id)
    .limit(1);
  return row;
}

/** The ids of the shops a merchant owns. */
export async function listOwnedShopIds(db: Database, ownerUserId: number): Promise<number[]> {
  const rows = await db.select({ id: shops.id }).from(shops).where(eq(shops.ownerUserId, ownerUserId));
  return rows.map((row) => row.id);
}
