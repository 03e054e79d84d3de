import type { OrderStatus } from '@crossmart/contract';

/** What the buyer can do with an order on the list and the detail screen (docs/spec.md §4, docs/product-rules.md §3). */
export type OrderAction = 'pay' | 'cancel' | 'confirm' | 'logistics' | 'details';

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
