import type { OrderStatus, OrderSummary } from '@crossmart/contract';

/** Colour family of a status badge: open work, moving, done, closed. */
export function statusTone(status: OrderStatus): 'warn' | 'info' | 'done' | 'closed' {
  if (status === 0) return 'warn';
  if (status === 1 || status === 2 || status === -4) return 'info';
  if (status === 3 || status === 4) return 'done';
  return 'closed';
}

/**
 * The status label's i18n key: an order in after-sale says where its refund stands (docs/spec.md §4
 * labels "refund requested" and "refund in progress"); every other order says its status.
 */
export function statusLabelKey(status: OrderStatus, refund: OrderSummary['refund'] = null): string {
  if (status === -4 && refund) {
    return refund.status === 'pending' ? 'orderStatus.refundRequested' : 'orderStatus.refundInProgress';
  }
  return `orderStatus.${status}`;
}
