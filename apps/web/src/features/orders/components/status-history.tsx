import type { OrderDetail } from '@crossmart/contract';
import { Steps } from 'antd-mobile';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { formatTime } from '../../../shared/lib/format-time.ts';

const actors = new Set(['buyer', 'merchant', 'system']);

/** The order's status changes, newest first like the logistics, with who made each one. */
export function StatusHistory({ history }: { history: OrderDetail['history'] }) {
  const { t } = useTranslation();
  const newestFirst = [...history].reverse();
  return (
    <div className="cm-order-history" data-testid="order-history">
      <Steps direction="vertical" current={0}>
        {newestFirst.map((entry, index) => (
          <Steps.Step
            key={`${entry.at}-${entry.status}`}
            status={index === 0 ? 'process' : 'wait'}
            title={t(`orderStatus.${entry.status}`)}
            description={
              <>
                {actors.has(entry.actor) && <span>{t(`orders.actor.${entry.actor}`)}</span>}
                <time dateTime={entry.at}>{formatTime(entry.at)}</time>
              </>
            }
          />
        ))}
      </Steps>
    </div>
  );
}
