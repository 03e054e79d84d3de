import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../shared/lib/use-money.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { PagedList } from '../../../shared/ui/paged-list.tsx';
import { type AuditFilter, extractLogQuery } from '../api/audit-logs.ts';
import { AuditFilterTabs } from '../components/audit-filter.tsx';
import { formatTime } from '../components/format-time.ts';
import { StatusTag } from '../components/status-tag.tsx';

/** `/depositRecord`: the user's withdrawals with the audit filter. */
export default function DepositRecordPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const [status, setStatus] = useState<AuditFilter>('all');
  const query = useInfiniteQuery(extractLogQuery(status));
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
          <article className="cm-record" data-testid="withdrawal-record">
            <header className="cm-record__head">
              <span>
                {item.type === 'bank'
                  ? `${t('wallet.toBank')} · ${item.bank_name ?? ''} ${item.bank_card ? `••${item.bank_card.slice(-4)}` : ''}`
                  : `${t('wallet.toChain')} · ${item.network ?? ''}`}
              </span>
              <StatusTag status={item.status} />
            </header>
            <p className="cm-record__amount">{money(item.amount)}</p>
            <p className="cm-record__line">
              {t('wallet.fee')}: {money(item.fee)} · {t('wallet.actualArrival')}: {money(item.actual_amount)}
            </p>
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
