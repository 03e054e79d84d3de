import { and, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { categories, shopDailyStats, shops } from '../../db/schema/catalog.ts';
import { AppError } from '../../errors.ts';
import { createShop } from './listings.service.ts';
import type { PlaceholderLookup } from './product-admin.service.ts';
import { shopSearchVector } from './search-vectors.ts';

/**
 * The seller platform's view of a shop (issue 12): found by its owner, its profile saved, its
 * figures for the dashboard. Shop names are unique without regard to case (index `shops_name_unique`).
 */

export interface OwnedShop {
  id: number;
  name: string;
  logo: string;
  banner: string;
  description: string;
  status: number;
  suspend_reason: string | null;
}

const ownedShopColumns = {
  id: shops.id,
  name: shops.name,
  logo: shops.logo,
  banner: shops.banner,
  description: shops.description,
  status: shops.status,
  suspend_reason: shops.suspendReason,
};

export async function findShopByOwner(db: Database, ownerUserId: number): Promise<OwnedShop | undefined> {
  const [row] = await db.select(ownedShopColumns).from(shops).where(eq(shops.ownerUserId, ownerUserId)).limit(1);
  return row;
}

export async function isShopNameTaken(db: Database, name: string, exceptShopId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(
      and(
        sql`lower(${shops.name}) = lower(${name})`,
        exceptShopId === undefined ? undefined : sql`${shops.id} <> ${exceptShopId}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

const nameTaken = () => new AppError('VALIDATION_FAILED', undefined, { shop_name: 'validation.shop_name_taken' });

/** Makes the shop of an approved application; a name taken meanwhile answers a field error. */
export async function openMerchantShop(
  tx: Database,
  input: { ownerUserId: number; name: string; logo: string; logoPlaceholder?: string; description: string },
): Promise<{ id: number }> {
  if (await isShopNameTaken(tx, input.name)) throw nameTaken();
  try {
    // A savepoint, so that a lost race on the name leaves the caller's transaction usable.
    return await tx.transaction((inner) => createShop(inner, { ...input, status: 1 }));
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** The logo's and banner's stand-ins: kept when the picture is unchanged, else looked up from its upload. */
async function shopPlaceholders(
  db: Database,
  shopId: number,
  input: { logo: string; banner: string },
  placeholdersOf: PlaceholderLookup,
) {
  const [before] = await db
    .select({
      logo: shops.logo,
      banner: shops.banner,
      logoPlaceholder: shops.logoPlaceholder,
      bannerPlaceholder: shops.bannerPlaceholder,
    })
    .from(shops)
    .where(eq(shops.id, shopId));
  const [logo = '', banner = ''] = await placeholdersOf(db, [input.logo, input.banner]);
  return {
    logoPlaceholder: before?.logo === input.logo ? before.logoPlaceholder : logo,
    bannerPlaceholder: before?.banner === input.banner ? before.bannerPlaceholder : banner,
  };
}

export async function saveShopProfile(
  db: Database,
  shopId: number,
  input: { name: string; logo: string; banner: string; description: string },
  placeholdersOf: PlaceholderLookup = async (_db, urls) => urls.map(() => ''),
): Promise<OwnedShop> {
  if (await isShopNameTaken(db, input.name, shopId)) {
    throw new AppError('VALIDATION_FAILED', undefined, { name: 'validation.shop_name_taken' });
  }
  try {
    const [row] = await db
      .update(shops)
      .set({
        ...input,
        ...(await shopPlaceholders(db, shopId, input, placeholdersOf)),
        searchVector: shopSearchVector(input),
      })
      .where(eq(shops.id, shopId))
      .returning(ownedShopColumns);
    if (!row) throw new AppError('SHOP_NOT_FOUND');
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('VALIDATION_FAILED', undefined, { name: 'validation.shop_name_taken' });
    }
    throw error;
  }
}

/** The dashboard's shop figures: fans, support days (all time and 30 days) and the visibility score's parts. */
export async function getShopStanding(db: Database, shopId: number) {
  const [shop] = await db
    .select({
      fans: shops.fans,
      sales30d: shops.sales30d,
      supportDays30d: shops.supportDays30d,
      reviewCount: shops.reviewCount,
      goodReviewCount: shops.goodReviewCount,
      score: shops.visibilityScore,
    })
    .from(shops)
    .where(eq(shops.id, shopId));
  if (!shop) throw new AppError('SHOP_NOT_FOUND');
  const [days] = await db
    .select({ n: count() })
    .from(shopDailyStats)
    .where(and(eq(shopDailyStats.shopId, shopId), eq(shopDailyStats.supported, true)));
  return {
    fans: shop.fans,
    supportDays: days?.n ?? 0,
    visibility: {
      score: shop.score,
      units_sold_30d: shop.sales30d,
      favourable_rate: shop.reviewCount > 0 ? shop.goodReviewCount / shop.reviewCount : 0,
      support_days_30d: shop.supportDays30d,
    },
  };
}

/** Category ids in display order (forms and seeds pick from them). */
export async function listCategoryIds(db: Database): Promise<number[]> {
  const rows = await db.select({ id: categories.id }).from(categories).orderBy(categories.sortOrder, categories.id);
  return rows.map((row) => row.id);
}
