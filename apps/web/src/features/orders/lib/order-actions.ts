import type { OrderStatus, OrderSummary } from '@crossmart/contract';

/** What the buyer can do with an order on the list and the detail screen (docs/spec.md §4, docs/product-rules.md §3). */
export type OrderAction = 'pay' | 'cancel' | 'confirm' | 'logistics' | 'details' | 'refund' | 'refundInfo';

/** A refund request's statuses while it is open (docs/product-rules.md §3 "Refunds"). */
const openRefund: ReadonlySet<string> = new Set(['pending', 'refused', 'escalated', 'awaiting_return', 'returning']);

/**
 * Actions by status, least prominent first (the last one is the primary button). A paid order not
 * yet completed (1, 2, 3) may ask for a refund unless a request is open; an order with a request
 * links to it instead.
 */
export function actionsFor(status: OrderStatus, refund: OrderSummary['refund'] = null): readonly OrderAction[] {
  let actions: OrderAction[];
  switch (status) {
    case 0:
      actions = ['cancel', 'pay'];
      break;
    case 1:
      actions = ['cancel'];
      break;
    case 2:
      actions = ['logistics', 'confirm'];
      break;
    default:
      actions = ['details'];
  }
  const open = refund !== null && openRefund.has(refund.status);
  if ((status === 1 || status === 2 || status === 3) && !open) actions = ['refund', ...actions];
  if (refund !== null) actions = ['refundInfo', ...actions.filter((action) => status !== -4 || action !== 'details')];
  return actions;
}

/** Cancelling a paid order refunds its total to the balance (the dialog says so). */
export function cancelRefunds(status: OrderStatus): boolean {
  return status === 1;
}
