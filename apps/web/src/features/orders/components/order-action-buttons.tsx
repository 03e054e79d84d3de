import { Button } from 'antd-mobile';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import type { OrderAction } from '../lib/order-actions.ts';

const primary: ReadonlySet<OrderAction> = new Set(['pay', 'confirm', 'review']);

/** Refund and review actions keep their texts in their own groups (issue 13), the others under `orders.action`. */
const labelKey = (action: OrderAction) =>
  action === 'refund'
    ? 'refund.actions.request'
    : action === 'refundInfo'
      ? 'refund.actions.view'
      : action === 'review'
        ? 'review.action'
        : `orders.action.${action}`;

/** The buttons of an order's allowed actions; pay, confirm receipt and review stand out. */
export function OrderActionButtons({
  actions,
  busy,
  onAction,
  className = 'cm-order-actions',
}: {
  actions: readonly OrderAction[];
  busy: boolean;
  onAction(action: OrderAction): void;
  className?: string;
}) {
  const { t } = useTranslation();
  if (actions.length === 0) return null;
  return (
    <div className={className}>
      {actions.map((action) => (
        <Button
          key={action}
          size="small"
          shape="rounded"
          color={primary.has(action) ? 'primary' : 'default'}
          fill={primary.has(action) ? 'solid' : 'outline'}
          disabled={busy}
          onClick={() => onAction(action)}
          data-testid={`order-${action}`}
        >
          {t(labelKey(action))}
        </Button>
      ))}
    </div>
  );
}
