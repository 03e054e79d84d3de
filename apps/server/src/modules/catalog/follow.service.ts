import type { FavouriteResult, FollowResult, LanguageFile, PageQuery } from '@crossmart/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { productFavourites, products, shopFollows, shops } from '../../db/schema/catalog.ts';
import { AppError } from '../../errors.ts';
import { favourableRate } from './cards.ts';
import { localized } from './localize.ts';

/**
 * Following shops and favouriting products. Each call is idempotent and keeps the counter
 * (`shops.fans`, `products.favourite_count`) exact under concurrency: the unique (user, target)
 * index decides whether a row was added or removed, and only then is the counter moved, in the
 * same transaction. A concurrent duplicate waits on the unique index and then finds the row.
 */

export async function followShop(db: Database, userId: number, shopId: number): Promise<FollowResult> {
  return db.transaction(async (tx) => {
    const [open] = await tx
      .select({ id: shops.id })
      .from(shops)
      .where(and(eq(shops.id, shopId), eq(shops.status, 1)));
    const inserted = open
      ? await tx.insert(shopFollows).values({ userId, shopId }).onConflictDoNothing().returning({ id: shopFollows.id })
      : [];
    if (inserted.length > 0) {
      const [shop] = await tx
        .update(shops)
        .set({ fans: sql`${shops.fans} + 1` })
        .where(eq(shops.id, shopId))
        .returning({ fans: shops.fans });
      return { shop_id: shopId, is_followed: true, fans: shop?.fans ?? 0 };
    }
    // Nothing inserted: already followed, or no such open shop.
    const [shop] = await tx
      .select({
        fans: shops.fans,
        followed: sql<boolean>`exists (select 1 from shop_follows f where f.user_id = ${userId} and f.shop_id = ${shopId})`,
      })
      .from(shops)
      .where(eq(shops.id, shopId));
    if (!shop?.followed) throw new AppError('SHOP_NOT_FOUND');
    return { shop_id: shopId, is_followed: true, fans: shop.fans };
  });
}

export async function unfollowShop(db: Database, userId: number, shopId: number): Promise<FollowResult> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(shopFollows)
      .where(and(eq(shopFollows.userId, userId), eq(shopFollows.shopId, shopId)))
      .returning({ id: shopFollows.id });
    const [shop] =
      deleted.length > 0
        ? await tx
            .update(shops)
            .set({ fans: sql`${shops.fans} - 1` })
            .where(eq(shops.id, shopId))
            .returning({ fans: shops.fans })
        : await tx.select({ fans: shops.fans }).from(shops).where(eq(shops.id, shopId));
    if (!shop) throw new AppError('SHOP_NOT_FOUND');
    return { shop_id: shopId, is_followed: false, fans: shop.fans };
  });
}

export async function addFavourite(db: Database, userId: number, productId: number): Promise<FavouriteResult> {
  return db.transaction(async (tx) => {
    const [listed] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.isListed, true)));
    const inserted = listed
      ? await tx
          .insert(productFavourites)
          .values({ userId, productId })
          .onConflictDoNothing()
          .returning({ id: productFavourites.id })
      : [];
    if (inserted.length > 0) {
      const [product] = await tx
        .update(products)
        .set({ favouriteCount: sql`${products.favouriteCount} + 1` })
        .where(eq(products.id, productId))
        .returning({ count: products.favouriteCount });
      return { product_id: productId, is_favourite: true, favourite_count: product?.count ?? 0 };
    }
    const [product] = await tx
      .select({
        count: products.favouriteCount,
        favourite: sql<boolean>`exists (select 1 from product_favourites f where f.user_id = ${userId} and f.product_id = ${productId})`,
      })
      .from(products)
      .where(eq(products.id, productId));
    if (!product?.favourite) throw new AppError('PRODUCT_NOT_FOUND');
    return { product_id: productId, is_favourite: true, favourite_count: product.count };
  });
}

export async function removeFavourite(db: Database, userId: number, productId: number): Promise<FavouriteResult> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(productFavourites)
      .where(and(eq(productFavourites.userId, userId), eq(productFavourites.productId, productId)))
      .returning({ id: productFavourites.id });
    const [product] =
      deleted.length > 0
        ? await tx
            .update(products)
            .set({ favouriteCount: sql`${products.favouriteCount} - 1` })
            .where(eq(products.id, productId))
            .returning({ count: products.favouriteCount })
        : await tx.select({ count: products.favouriteCount }).from(products).where(eq(products.id, productId));
    if (!product) throw new AppError('PRODUCT_NOT_FOUND');
    return { product_id: productId, is_favourite: false, favourite_count: product.count };
  });
}

/** The shops a user follows, newest follow first (closed shops included: they can be removed). */
export async function listFollowedShops(db: Database, userId: number, query: PageQuery) {
  const rows = await db
    .select({
      id: shops.id,
      name: shops.name,
      logo: shops.logo,
      logo_placeholder: shops.logoPlaceholder,
      sales: shops.sales,
      fans: shops.fans,
      reviewCount: shops.reviewCount,
      goodReviewCount: shops.goodReviewCount,
      product_count: shops.productCount,
      followedAt: shopFollows.createdAt,
    })
    .from(shopFollows)
    .innerJoin(shops, eq(shops.id, shopFollows.shopId))
    .where(eq(shopFollows.userId, userId))
    .orderBy(desc(shopFollows.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return {
    list: rows.slice(0, query.limit).map(({ reviewCount, goodReviewCount, followedAt, ...row }) => ({
      ...row,
      favourable_rate: favourableRate(goodReviewCount, reviewCount),
      followed_at: followedAt.toISOString(),
    })),
    page: query.page,
    limit: query.limit,
    has_more: rows.length > query.limit,
  };
}

/** The products a user favourited, newest first; ones no longer on sale stay, marked. */
export async function listFavouriteProducts(db: Database, lang: LanguageFile, userId: number, query: PageQuery) {
  const rows = await db
    .select({
      id: products.id,
      shop_id: products.shopId,
      category_id: products.categoryId,
      title: localized(products.titleI18n, lang, products.title),
      image: sql<string>`coalesce(${products.images}->>0, '')`,
      placeholder: sql<string>`coalesce(${products.imagePlaceholders}->>0, '')`,
      price: products.price,
      sold: products.soldCount,
      stock: products.stock,
      on_sale: products.isListed,
      favouritedAt: productFavourites.createdAt,
    })
    .from(productFavourites)
    .innerJoin(products, eq(products.id, productFavourites.productId))
    .where(eq(productFavourites.userId, userId))
    .orderBy(desc(productFavourites.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return {
    list: rows
      .slice(0, query.limit)
      .map(({ favouritedAt, ...row }) => ({ ...row, favourited_at: favouritedAt.toISOString() })),
    page: query.page,
    limit: query.limit,
    has_more: rows.length > query.limit,
  };
}
