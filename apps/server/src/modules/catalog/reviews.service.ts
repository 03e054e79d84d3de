import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { productReviews, products, shops } from '../../db/schema/catalog.ts';
import { AppError } from '../../errors.ts';

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

/** Adds a review and moves the product's and the shop's review counters with it. */
export async function addReview(db: Database, input: NewReview): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ shopId: products.shopId })
      .from(products)
      .where(eq(products.id, input.productId));
    if (!product) throw new AppError('PRODUCT_NOT_FOUND');
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
    const good = input.productScore >= 4 ? 1 : 0;
    await tx
      .update(products)
      .set({
        reviewCount: sql`${products.reviewCount} + 1`,
        goodReviewCount: sql`${products.goodReviewCount} + ${good}`,
      })
      .where(eq(products.id, input.productId));
    await tx
      .update(shops)
      .set({ reviewCount: sql`${shops.reviewCount} + 1`, goodReviewCount: sql`${shops.goodReviewCount} + ${good}` })
      .where(eq(shops.id, product.shopId));
    return review;
  });
}
