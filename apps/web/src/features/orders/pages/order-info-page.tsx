import type { OrderDetail } from '@crossmart/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { orderDetailQuery } from '../../../shared/api/order-detail.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { copyText } from '../../../shared/lib/clipboard.ts';
import { formatCountdown, useCountdown } from '../../../shared/lib/countdown.ts';
import { formatTime } from '../../../shared/lib/format-time.ts';
import { parseId } from '../../../shared/lib/parse-id.ts';
import { useMoney } from '../../../shared/lib/use-money.ts';
import { AddressSummary } from '../../../shared/ui/address-summary.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { toast } from '../../../shared/ui/feedback.ts';
import { isRetryable, LoadError } from '../../../shared/ui/load-error.tsx';
import { Page, Section } from '../../../shared/ui/page.tsx';
import { ShopName } from '../../../shared/ui/shop-name.tsx';
import { ListSkeleton } from '../../../shared/ui/skeletons.tsx';
import { LogisticsTimeline } from '../components/logistics-timeline.tsx';
import { OrderActionButtons } from '../components/order-action-buttons.tsx';
import { OrderItems } from '../components/order-items.tsx';
import { StatusHistory } from '../components/status-history.tsx';
import { useOrderActions } from '../hooks/use-order-actions.ts';
import { actionsFor, type OrderAction, reviewPath } from '../lib/order-actions.ts';
import { statusLabelKey, statusTone } from '../lib/status-label.ts';
import '../orders.css';

async function copy(text: string, t: (key: string) => string) {
  const result = await copyText(text);
  if (result === 'copied') toast(t('common.copied'), 'success');
  else toast(t(result === 'insecure' ? 'common.notHttps' : 'common.copyFailed'));
}

const times = [
  ['created_at', 'orders.createdAt'],
  ['paid_at', 'orders.paidAt'],
  ['shipped_at', 'orders.shippedAt'],
  ['received_at', 'orders.receivedAt'],
  ['completed_at', 'orders.completedAt'],
  ['cancelled_at', 'orders.cancelledAt'],
] as const;

/** The status with its hint; an unpaid order counts down to its pay deadline. */
function StatusHeader({ order, left, onPay }: { order: OrderDetail; left: number; onPay(): void }) {
  const { t } = useTranslation();
  const payable = order.status === 0 && left > 0;
  return (
    <div className={`cm-order-hero cm-order-hero--${statusTone(order.status)}`} data-testid="order-hero">
      <p className="cm-order-hero__status">{t(statusLabelKey(order.status, order.refund))}</p>
      {order.status === 0 ? (
        <p className="cm-order-hero__hint" data-testid="pay-countdown">
          {payable ? (
            <>
              {t('orders.payWithin')} <bdi dir="ltr">{formatCountdown(left)}</bdi>
            </>
          ) : (
            t('orders.payExpired')
          )}
        </p>
      ) : (
        <p className="cm-order-hero__hint">{t(`orders.hint.${order.status}`)}</p>
      )}
      {payable && (
        <Button shape="rounded" size="small" className="cm-order-hero__pay" onClick={onPay}>
          {t('orders.action.pay')}
        </Button>
      )}
    </div>
  );
}

function Amounts({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <dl className="cm-order-lines" data-testid="order-amounts">
      <div>
        <dt>{t('orders.goods')}</dt>
        <dd>
          <bdi dir="ltr">{money(order.goods_amount)}</bdi>
        </dd>
      </div>
      <div>
        <dt>{t('orders.freight')}</dt>
        <dd>
          <bdi dir="ltr">{money(order.freight)}</bdi>
        </dd>
      </div>
      {(order.discount > 0 || order.promo_code) && (
        <div>
          <dt>
            {t('orders.discount')}
            {order.promo_code && (
              <span className="cm-order-promo">
                <bdi dir="ltr">{order.promo_code}</bdi>
              </span>
            )}
          </dt>
          <dd className="cm-order-lines__discount">
            <bdi dir="ltr">{money(-order.discount, true)}</bdi>
          </dd>
        </div>
      )}
      <div className="cm-order-lines__total">
        <dt>{t('orders.total')}</dt>
        <dd>
          <bdi dir="ltr">{money(order.total)}</bdi>
        </dd>
      </div>
      {order.refunded_amount > 0 && (
        <div data-testid="order-refunded">
          <dt>{t('refund.refundedLine')}</dt>
          <dd className="cm-order-lines__discount">
            <bdi dir="ltr">{money(-order.refunded_amount, true)}</bdi>
          </dd>
        </div>
      )}
    </dl>
  );
}

function OrderInfo({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [search] = useSearchParams();
  const logistics = useRef<HTMLDivElement>(null);
  const { run, pending } = useOrderActions();
  // The list's "logistics" button opens this screen scrolled to the timeline.
  const focusLogistics = search.get('logistics') === '1';
  // Once per screen: a kept-alive screen shown again re-runs its effects, and the user's place wins.
  const focused = useRef(false);
  useEffect(() => {
    if (!focusLogistics || focused.current) return;
    focused.current = true;
    logistics.current?.scrollIntoView({ block: 'start' });
  }, [focusLogistics]);
  const left = useCountdown(order.pay_deadline) ?? 0;
  const actions = actionsFor(order.status, order.refund).filter(
    (action) => action !== 'details' && !(action === 'pay' && left === 0),
  );
  const onAction = (action: OrderAction) => {
    if (action === 'logistics') logistics.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    else run(action, order);
  };
  return (
    <>
      <StatusHeader order={order} left={left} onPay={() => run('pay', order)} />

      <Section>
        <div className="cm-order-address" data-testid="order-address">
          <AddressSummary
            block="cm-order-address"
            name={order.address.name}
            mobile={order.address.mobile}
            area={order.address.area}
            detail={order.address.address}
          />
        </div>
      </Section>

      <Section title={<ShopName name={order.shop_name} shopId={order.shop_id} />}>
        <OrderItems
          items={order.items}
          linkShop={order.shop_id}
          extra={(item) =>
            order.status === 4 ? (
              <div className="cm-order-line-action">
                {item.reviewed ? (
                  <span className="cm-order-line-action__done" data-testid="item-reviewed">
                    {t('review.reviewed')}
                  </span>
                ) : (
                  <Link to={reviewPath(order.id, item.id)} className="cm-pill" data-testid="item-review">
                    {t('review.action')}
                  </Link>
                )}
              </div>
            ) : null
          }
        />
        {actions.includes('refund') && (
          <ul className="cm-order-item-refunds" aria-label={t('refund.perItem')}>
            {order.items.map((item) => (
              <li key={item.id}>
                <Link
                  to={`/refund/${order.id}/${order.order_no}/${item.id}/${Math.min(item.amount, order.total - order.refunded_amount)}`}
                  data-testid="item-refund"
                >
                  <bdi>{item.title}</bdi>
                  <span>{t('refund.actions.item')}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Amounts order={order} />
        {order.remark && (
          <p className="cm-order-remark">
            <bdi>{t('orders.remarkLine', { remark: order.remark })}</bdi>
          </p>
        )}
      </Section>

      <Section title={t('orders.info')}>
        <dl className="cm-order-lines">
          <div>
            <dt>{t('orders.orderNo')}</dt>
            <dd>
              <bdi dir="ltr" data-testid="order-no">
                {order.order_no}
              </bdi>
              <button type="button" className="cm-copy" onClick={() => void copy(order.order_no, t)}>
                {t('common.copy')}
              </button>
            </dd>
          </div>
          {times.map(([field, label]) => {
            const at = order[field];
            return at ? (
              <div key={field}>
                <dt>{t(label)}</dt>
                <dd>
                  <time dateTime={at}>{formatTime(at)}</time>
                </dd>
              </div>
            ) : null;
          })}
        </dl>
      </Section>

      <Section title={t('orders.history')}>
        <StatusHistory history={order.history} />
      </Section>

      <div ref={logistics} className="cm-order-anchor">
        <Section title={t('orders.logistics')}>
          <LogisticsTimeline order={order} onCopy={(text) => void copy(text, t)} />
        </Section>
      </div>

      {actions.length > 0 && (
        <div className="cm-order-bar">
          <span className="cm-order-bar__total">
            {t('orders.total')}{' '}
            <bdi dir="ltr" className="cm-order-card__total">
              {money(order.total)}
            </bdi>
          </span>
          <OrderActionButtons actions={actions} busy={pending === order.id} onAction={onAction} />
        </div>
      )}
    </>
  );
}

/** Order detail with logistics (docs/spec.md §2 `/orderInfo/:id?`). */
export default function OrderInfoPage() {
  const { t, i18n } = useTranslation();
  const id = parseId(useParams().id);
  const query = useQuery({ ...orderDetailQuery(id ?? 0, i18n.language), enabled: id !== undefined });
  let body: ReactNode;
  if (id !== undefined && query.isPending) body = <ListSkeleton rows={3} />;
  else if (query.data) body = <OrderInfo order={query.data} />;
  else if (query.isError && isRetryable(query.error)) body = <LoadError onRetry={() => query.refetch()} />;
  else
    body = (
      <EmptyState kind="noRecords" description={t('orders.notFound')}>
        <Link to="/myPurchases/all" className="cm-pill cm-pill--light" replace>
          {t('orders.backToList')}
        </Link>
      </EmptyState>
    );
  return <Page className="cm-order-info">{body}</Page>;
}
