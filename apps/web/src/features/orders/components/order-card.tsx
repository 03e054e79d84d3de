import type { OrderSummary } from '@crossmart/contract';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useMoney } from '../../../shared/lib/use-money.ts';
import { ShopName } from '../../../shared/ui/shop-name.tsx';
import { type OrderAction, orderActionsFor } from '../lib/order-actions.ts';
import { statusLabelKey, statusTone } from '../lib/status-label.ts';
import { OrderActionButtons } from './order-action-buttons.tsx';
import { OrderItems } from './order-items.tsx';

/** Lines shown on a card; the rest are counted ("and 2 more"), the detail lists them all. */
const shownItems = 3;

/** One order on `/myPurchases`: shop, number, status, lines, count and total, and its actions. */
export function OrderCard({
  order,
  busy,
  onAction,
}: {
  order: OrderSummary;
  busy: boolean;
  onAction(action: OrderAction, order: OrderSummary): void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const hidden = order.items.length - shownItems;
  return (
    <article className="cm-order-card" data-testid="order-card" data-order-id={order.id}>
      <Link to={`/orderInfo/${order.id}`} className="cm-order-card__link">
        <span className="cm-order-card__head">
          <ShopName name={order.shop_name} />
          <span className={`cm-order-status cm-order-status--${statusTone(order.status)}`} data-testid="order-status">
            {t(statusLabelKey(order.status, order.refund))}
          </span>
        </span>
        <span className="cm-order-card__no">
          {t('orders.orderNo')} <bdi dir="ltr">{order.order_no}</bdi>
        </span>
        <OrderItems items={order.items.slice(0, shownItems)} />
        {hidden > 0 && <span className="cm-order-card__more">{t('orders.moreItems', { count: hidden })}</span>}
        <span className="cm-order-card__sum">
          <span>{t('orders.itemCount', { count: order.quantity })}</span>
          <span>
            {t('orders.total')}{' '}
            <bdi className="cm-order-card__total" dir="ltr">
              {money(order.total)}
            </bdi>
          </span>
        </span>
      </Link>
      <OrderActionButtons actions={orderActionsFor(order)} busy={busy} onAction={(action) => onAction(action, order)} />
    </article>
  );
}
