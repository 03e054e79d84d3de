import type { OrderCommentBody, OrderCommentResult } from '@crossmart/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { AppError } from '../../errors.ts';
import { maskName } from '../../shared/mask-name.ts';
import { listAccountNames } from '../accounts/index.ts';
import { addReview, isOrderItemReviewed, shopOwner } from '../catalog/index.ts';
import { notify } from '../notifications/index.ts';
import { attachOwnUploads } from '../uploads/index.ts';

/**
 * The buyer reviews one line of a completed order (docs/product-rules.md §3 "Reviews"): product,
 * service and postage scores, text and up to 6 of their own public `review` pictures; once per line.
 *
 * ONE transaction: the order row is locked (so concurrent reviews of one order run one after
 * another and the status cannot move under us); another buyer's line answers ORDER_NOT_FOUND like a
 * missing one; an order that is not completed (4) REVIEW_NOT_ALLOWED; a reviewed line
 * ALREADY_COMMENTED (the unique index on the line backs the check). The catalog writes the review
 * and moves the product's and the shop's counters (favourable rate, visibility score) in the same
 * transaction, and the shop's merchant gets an `order_reviewed` notification with it.
 */
export async function commentOrderItem(
  db: Database,
  userId: number,
  body: OrderCommentBody,
): Promise<OrderCommentResult> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, status: orders.status, orderNo: orders.orderNo, shopId: orders.shopId })
      .from(orders)
      .where(and(eq(orders.id, body.order_id), eq(orders.userId, userId)))
      .for('update');
    const [item] = order
      ? await tx
          .select()
          .from(orderItems)
          .where(and(eq(orderItems.id, body.item_id), eq(orderItems.orderId, order.id)))
      : [];
    if (!order || !item) throw new AppError('ORDER_NOT_FOUND');
    if (order.status !== 4) throw new AppError('REVIEW_NOT_ALLOWED');
    if (await isOrderItemReviewed(tx, item.id)) throw new AppError('ALREADY_COMMENTED');
    const images = [...new Set(body.images)];
    // Checks they are the buyer's own `review` uploads and marks them referenced, in this
    // transaction, so the orphan purge never deletes a review's pictures.
    if (!(await attachOwnUploads(tx, userId, 'review', images))) throw new AppError('REVIEW_IMAGES_INVALID');
    const account = (await listAccountNames(tx, [userId])).get(userId) ?? '';
    const review = await addReview(tx, {
      productId: item.productId,
      skuId: item.skuId,
      orderId: order.id,
      orderItemId: item.id,
      userId,
      reviewerName: maskName(account),
      specText: item.specs.map((pair) => pair.value).join(' / '),
      productScore: body.product_score,
      serviceScore: body.service_score,
      postageScore: body.postage_score,
      content: body.content,
      images,
    });
    const merchant = await shopOwner(tx, order.shopId);
    if (merchant !== null) {
      await notify(tx, merchant, 'order_reviewed', `review:${review.id}`, {
        order_no: order.orderNo,
        title: item.title,
        score: body.product_score,
      });
    }
    return { id: review.id, order_id: order.id, item_id: item.id, product_id: item.productId };
  });
}
