import type { AuditFilter } from '@crossmart/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { formatTime } from '../../../shared/lib/format-time.ts';
import { useMoney } from '../../../shared/lib/use-money.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { PagedList } from '../../../shared/ui/paged-list.tsx';
import type { PagedQuery } from '../api/audit-logs.ts';
import { AuditFilterTabs } from './audit-filter.tsx';
import { StatusTag } from './status-tag.tsx';

/** What a recharge and a withdrawal record share on screen. */
interface AuditRecord {
  id: number;
  amount: number;
  status: 0 | 1 | 2;
  reason: string | null;
  created_at: string;
}

/**
 * A user's audited requests (`/topUpRecord`, `/depositRecord`): the audit filter, pull-to-refresh
 * and load-more; each record shows its title, status, amount, the kind's own lines, the refusal
 * reason and the time.
 */
export function AuditRecordList<Item extends AuditRecord>({
  query: queryFor,
  testId,
  title,
  lines,
}: {
  query(status: AuditFilter): PagedQuery<Item>;
  testId: string;
  title(item: Item): ReactNode;
  /** Lines between the amount and the reason (e.g. the actual arrival). */
  lines(item: Item): ReactNode;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const [status, setStatus] = useState<AuditFilter>('all');
  const query = useInfiniteQuery(queryFor(status));
  const items = query.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <Page>
      <AuditFilterTabs value={status} onChange={setStatus} />
      <PagedList
        items={items}
        hasMore={query.hasNextPage}
        isLoading={query.isPending}
        failed={query.isError}
        loadMore={() => query.fetchNextPage()}
        refresh={() => query.refetch()}
        getKey={(item) => item.id}
        empty="noRecords"
        renderItem={(item) => (
          <article className="cm-record" data-testid={testId}>
            <header className="cm-record__head">
              <span>{title(item)}</span>
              <StatusTag status={item.status} />
            </header>
            <p className="cm-record__amount">{money(item.amount)}</p>
            {lines(item)}
            {item.status === 2 && item.reason && (
              <p className="cm-record__line cm-record__line--danger">
                {t('wallet.reason')}: <bdi>{item.reason}</bdi>
              </p>
            )}
            <time className="cm-record__time">{formatTime(item.created_at)}</time>
          </article>
        )}
      />
    </Page>
  );
}
