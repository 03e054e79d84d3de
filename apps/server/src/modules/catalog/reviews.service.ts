import type { ReviewSummary } from '@crossmart/contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { productReviews, products, shops } from '../../db/schema/catalog.ts';
import { AppError } from '../../errors.ts';
import { favourableRate } from './cards.ts';

export interface NewReview {
  productId: number;
  skuId?: number | null;
  orderId?: number | null;
  orderItemId?: number | null;
  userId?: number | null;
  reviewerName?: string;
  specText?: string;
  productScore: number;
  serviceScore: number;
  postageScore: number;
  content: string;
  images?: string[];
}

/**
 * Adds a review and moves the product's and the shop's review counters with it, in one transaction
 * (a savepoint inside the caller's). The shop's favourable rate, and with it the stored visibility
 * score (a generated column), follow from the counters. A second review of the same order item
 * hits the unique index (`product_reviews_order_item_unique`) and answers ALREADY_COMMENTED; under
 * concurrency the loser waits on the index until the winner commits, so counters move once.
 */
export async function addReview(db: Database, input: NewReview): Promise<{ id: number; shopId: number }> {
  try {
    return await db.transaction(async (tx) => {
      const [product] = await tx
        .select({ shopId: products.shopId })
        .from(products)
        .where(eq(products.id, input.productId));
      if (!product) throw new AppError('PRODUCT_NOT_FOUND');
      const good = input.productScore >= 4 ? 1 : 0;
      // The shop row before the product (ADR 0013 addendum 6): the insert below already locks the
      // product (its foreign key), and a change of the product takes the shop first.
      await tx
        .update(shops)
        .set({ reviewCount: sql`${shops.reviewCount} + 1`, goodReviewCount: sql`${shops.goodReviewCount} + ${good}` })
        .where(eq(shops.id, product.shopId));
      const [review] = await tx
        .insert(productReviews)
        .values({
          productId: input.productId,
          shopId: product.shopId,
          skuId: input.skuId ?? null,
          orderId: input.orderId ?? null,
          orderItemId: input.orderItemId ?? null,
          userId: input.userId ?? null,
          reviewerName: input.reviewerName ?? '',
          specText: input.specText ?? '',
          productScore: input.productScore,
          serviceScore: input.serviceScore,
          postageScore: input.postageScore,
          content: input.content,
          images: input.images ?? [],
        })
        .returning({ id: productReviews.id });
      if (!review) throw new Error('review insert returned nothing');
      await tx
        .update(products)
        .set({
          reviewCount: sql`${products.reviewCount} + 1`,
          goodReviewCount: sql`${products.goodReviewCount} + ${good}`,
        })
        .where(eq(products.id, input.productId));
      return { id: review.id, shopId: product.shopId };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('ALREADY_COMMENTED');
    throw error;
  }
}

/**
 * The order items that have a review, as a relation (a subquery, not yet run) the orders module
 * left-joins to its lines in the same statement: the "reviewed" flag of each line without a round
 * trip. The field carries a prefix no caller's table uses (see `skuSnapshots`).
 */
export function reviewedItemRefs(db: Database) {
  return db
    .select({ orderItemId: sql<number>`${productReviews.orderItemId}`.as('reviewed_order_item_id') })
    .from(productReviews)
    .where(isNotNull(productReviews.orderItemId))
    .as('reviewed_items');
}

/** Whether an order item already has a review (read inside the reviewer's transaction). */
export async function isOrderItemReviewed(db: Database, orderItemId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: productReviews.id })
    .from(productReviews)
    .where(eq(productReviews.orderItemId, orderItemId));
  return row !== undefined;
}

/** A filter of a product's reviews: all, or only those with pictures. */
export function reviewFilter(productId: number, withPictures: boolean) {
  const product = eq(productReviews.productId, productId);
  return withPictures ? and(product, sql`jsonb_array_length(${productReviews.images}) > 0`) : product;
}

const average = (column: AnyPgColumn) =>
  sql<string | null>`round(avg(${column}), 1)`.mapWith((value: string | null) => Number(value ?? 0));

/**
 * A product's reviews in figures, from the rows themselves (one indexed aggregate over the
 * product's reviews): count, count with pictures, the three average scores, the favourable rate.
 */
export async function reviewSummary(db: Database, productId: number): Promise<ReviewSummary> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      withPictures: sql<number>`(count(*) filter (where jsonb_array_length(${productReviews.images}) > 0))::int`,
      good: sql<number>`(count(*) filter (where ${productReviews.productScore} >= 4))::int`,
      product: average(productReviews.productScore),
      service: average(productReviews.serviceScore),
      postage: average(productReviews.postageScore),
    })
    .from(productReviews)
    .where(eq(productReviews.productId, productId));
  const count = Number(row?.count ?? 0);
  const good = Number(row?.good ?? 0);
  return {
    count,
    with_pictures: Number(row?.withPictures ?? 0),
    product_score: row?.product ?? 0,
    service_score: row?.service ?? 0,
    postage_score: row?.postage ?? 0,
    favourable_rate: favourableRate(good, count),
  };
}
