import type { OrderDetail } from '@crossmart/contract';
import { Steps } from 'antd-mobile';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { formatTime } from '../../../shared/lib/format-time.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';

/** Carrier, tracking number and the events newest first; the spec's empty state before shipping. */
export function LogisticsTimeline({ order, onCopy }: { order: OrderDetail; onCopy(text: string): void }) {
  const { t } = useTranslation();
  if (order.logistics.length === 0 && !order.tracking_no) return <EmptyState kind="noLogistics" />;
  return (
    <div className="cm-logistics" data-testid="logistics">
      {order.tracking_no && (
        <dl className="cm-order-lines">
          <div>
            <dt>{t('orders.carrier')}</dt>
            <dd>
              <bdi>{order.carrier}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t('orders.trackingNo')}</dt>
            <dd>
              <bdi dir="ltr">{order.tracking_no}</bdi>
              <button type="button" className="cm-copy" onClick={() => onCopy(order.tracking_no ?? '')}>
                {t('common.copy')}
              </button>
            </dd>
          </div>
        </dl>
      )}
      {order.logistics.length > 0 && (
        <Steps direction="vertical" current={0} className="cm-logistics__steps">
          {order.logistics.map((event, index) => (
            <Steps.Step
              // biome-ignore lint/suspicious/noArrayIndexKey: events have no id and never reorder
              key={index}
              status={index === 0 ? 'process' : 'wait'}
              title={<bdi>{event.description}</bdi>}
              description={
                <>
                  {event.location && <bdi className="cm-logistics__place">{event.location}</bdi>}
                  <time dateTime={event.at}>{formatTime(event.at)}</time>
                </>
              }
            />
          ))}
        </Steps>
      )}
    </div>
  );
}
