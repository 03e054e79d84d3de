import type { OrderStatus } from '@crossmart/contract';

/** What the buyer can do with an order on the list and the detail screen (docs/spec.md §4, docs/product-rules.md §3). */
export type OrderAction = 'pay' | 'cancel' | 'confirm' | 'logistics' | 'details' | 'review';

/**
 * Actions by status, least prominent first (the last one is the primary button). Refund and review
 * belong to the after-sale issue; until then, orders past delivery only open their details.
 */
export function actionsFor(status: OrderStatus): readonly OrderAction[] {
  switch (status) {
    case 0:
      return ['cancel', 'pay'];
    case 1:
      return ['cancel'];
    case 2:
      return ['logistics', 'confirm'];
    default:
      return ['details'];
  }
}

/** Cancelling a paid order refunds its total to the balance (the dialog says so). */
export function cancelRefunds(status: OrderStatus): boolean {
  return status === 1;
}

/** What the review action needs to know about an order. */
export interface ReviewableOrder {
  id: number;
  status: OrderStatus;
  items: readonly { id: number; reviewed: boolean }[];
}

/** The lines a buyer may still review: those not yet reviewed, once the order is completed (4). */
export function reviewableItems<T extends { reviewed: boolean }>(order: { status: OrderStatus; items: readonly T[] }) {
  return order.status === 4 ? order.items.filter((item) => !item.reviewed) : [];
}

/** The review form for a line of an order (`/comment?order_id=&item_id=`). */
export const reviewPath = (orderId: number, itemId: number) => `/comment?order_id=${orderId}&item_id=${itemId}`;

/** The actions of `actionsFor`, plus "review" (primary, last) while a completed order has a line to review. */
export function orderActionsFor(order: ReviewableOrder): readonly OrderAction[] {
  const actions = actionsFor(order.status);
  return reviewableItems(order).length > 0 ? [...actions, 'review'] : actions;
}
