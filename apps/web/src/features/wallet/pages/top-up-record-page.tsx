import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../shared/lib/use-money.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { PagedList } from '../../../shared/ui/paged-list.tsx';
import { type AuditFilter, rechargeLogQuery } from '../api/audit-logs.ts';
import { AuditFilterTabs } from '../components/audit-filter.tsx';
import { formatTime } from '../components/format-time.ts';
import { StatusTag } from '../components/status-tag.tsx';

/** `/topUpRecord`: the user's recharges with the audit filter, pull-to-refresh and load-more. */
export default function TopUpRecordPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const [status, setStatus] = useState<AuditFilter>('all');
  const query = useInfiniteQuery(rechargeLogQuery(status));
  const items = query.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <Page>
      <AuditFilterTabs value={status} onChange={setStatus} />
      <PagedList
        items={items}
        hasMore={query.hasNextPage}
        isLoading={query.isPending}
        loadMore={() => query.fetchNextPage()}
        refresh={() => query.refetch()}
        getKey={(item) => item.id}
        empty="noRecords"
        renderItem={(item) => (
          <article className="cm-record" data-testid="recharge-record">
            <header className="cm-record__head">
              <span>
                {t(`wallet.method_${item.method}`)}
                {item.network ? ` · ${item.network} ${item.coin ?? ''}` : ''}
              </span>
              <StatusTag status={item.status} />
            </header>
            <p className="cm-record__amount">{money(item.amount)}</p>
            {item.status === 1 && item.actual_amount !== null && (
              <p className="cm-record__line">
                {t('wallet.actualArrival')}: {money(item.actual_amount)}
              </p>
            )}
            {item.status === 2 && item.reason && (
              <p className="cm-record__line cm-record__line--danger">
                {t('wallet.reason')}: {item.reason}
              </p>
            )}
            <time className="cm-record__time">{formatTime(item.created_at)}</time>
          </article>
        )}
      />
    </Page>
  );
}
