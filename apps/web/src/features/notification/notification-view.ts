import type { Notification } from '@crossmart/contract';

const merchantRefundKinds: ReadonlySet<string> = new Set([
  'refund_requested',
  'refund_escalated',
  'refund_return_shipped',
]);

/** Where a notification leads: the thing its `ref` names. */
export function notificationLink(notification: Pick<Notification, 'ref'> & { kind?: string }): string | undefined {
  const [kind, id] = notification.ref.split(':');
  if (kind === 'order' && id) return `/orderInfo/${id}`;
  // Refund steps: the merchant answers in the seller platform, the buyer follows the request.
  if (kind === 'refund' && id)
    return merchantRefundKinds.has(notification.kind ?? '') ? '/seller/after-sale' : `/refundInfo/${id}`;
  if (kind === 'recharge') return '/topUpRecord';
  if (kind === 'withdrawal') return '/depositRecord';
  if (kind === 'service') return '/service';
  return undefined;
}

/** Params that hold amounts in minor units, shown as money. */
const moneyParams = new Set(['amount', 'actual_amount']);

/** The i18n params of a notification, amounts formatted by `money`. */
export function notificationParams(
  notification: Pick<Notification, 'params'>,
  money: (minor: number) => string,
): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(notification.params)) {
    params[key] = moneyParams.has(key) && typeof value === 'number' ? money(value) : String(value);
  }
  return params;
}

/** The calendar day (local time) a notification belongs to, for grouping. */
export function dayOf(iso: string): string {
  const at = new Date(iso);
  return `${at.getFullYear()}-${at.getMonth() + 1}-${at.getDate()}`;
}
