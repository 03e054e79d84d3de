import { gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  categories,
  productFavourites,
  productReviews,
  productSkus,
  products,
  shopFollows,
  shops,
} from '../../db/schema/catalog.ts';

/**
 * Rebuilds every catalog counter from the facts (SKUs, favourites, follows, reviews, listed
 * products). Used after bulk loads (demo seed, bench) and to verify the counters in tests.
 */
export async function recountCatalog(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(products).set({
      price: sql`coalesce((select min(${productSkus.price}) from ${productSkus} where ${productSkus.productId} = ${products.id}), ${products.price})`,
      stock: sql`coalesce((select sum(${productSkus.stock}) from ${productSkus} where ${productSkus.productId} = ${products.id}), 0)`,
      favouriteCount: sql`(select count(*) from ${productFavourites} where ${productFavourites.productId} = ${products.id})`,
      reviewCount: sql`(select count(*) from ${productReviews} where ${productReviews.productId} = ${products.id})`,
      goodReviewCount: sql`(select count(*) from ${productReviews} where ${productReviews.productId} = ${products.id} and ${productReviews.productScore} >= 4)`,
      isListed: sql`${products.status} = 1 and exists (select 1 from ${shops} where ${shops.id} = ${products.shopId} and ${shops.status} = 1)`,
    });
    await tx.update(shops).set({
      fans: sql`(select count(*) from ${shopFollows} where ${shopFollows.shopId} = ${shops.id})`,
      productCount: sql`(select count(*) from ${products} where ${products.shopId} = ${shops.id} and ${products.isListed})`,
      reviewCount: sql`(select count(*) from ${productReviews} where ${productReviews.shopId} = ${shops.id})`,
      goodReviewCount: sql`(select count(*) from ${productReviews} where ${productReviews.shopId} = ${shops.id} and ${productReviews.productScore} >= 4)`,
    });
    await tx.update(categories).set({
      productCount: sql`(select count(*) from ${products} where ${products.categoryId} = ${categories.id} and ${products.isListed})`,
    });
  });
}

/** Every counter that `recountCatalog` rebuilds, for tests that prove the services kept them exact. */
export async function readCounters(db: Database) {
  const [productRows, shopRows, categoryRows] = await Promise.all([
    db
      .select({
        id: products.id,
        price: products.price,
        stock: products.stock,
        favouriteCount: products.favouriteCount,
        reviewCount: products.reviewCount,
        goodReviewCount: products.goodReviewCount,
        isListed: products.isListed,
      })
      .from(products)
      .orderBy(products.id),
    db
      .select({
        id: shops.id,
        fans: shops.fans,
        productCount: shops.productCount,
        reviewCount: shops.reviewCount,
        goodReviewCount: shops.goodReviewCount,
      })
      .from(shops)
      .orderBy(shops.id),
    db
      .select({ id: categories.id, productCount: categories.productCount })
      .from(categories)
      .where(gt(categories.id, 0))
      .orderBy(categories.id),
  ]);
  return { products: productRows, shops: shopRows, categories: categoryRows };
}
