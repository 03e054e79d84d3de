import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { formatTime } from '../../../shared/lib/format-time.ts';
import { useMoney } from '../../../shared/lib/use-money.ts';
import { fetchUserInfo } from '../../../shared/session/account-api.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { PagedList } from '../../../shared/ui/paged-list.tsx';
import { billQuery } from '../api/audit-logs.ts';
import '../wallet.css';

/** `/capitalRecord`: the fund record, the user's ledger entries newest first. */
export default function CapitalRecordPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const query = useInfiniteQuery(billQuery());
  // The balance in the session (me page) follows the fund record: audits happen elsewhere.
  useEffect(() => {
    fetchUserInfo().then(useSession.getState().setUserInfo, () => undefined);
  }, []);
  const items = query.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <Page>
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
          <article className="cm-record cm-record--row" data-testid="bill-entry">
            <div>
              <p className="cm-record__title">{t(`wallet.kind_${item.kind}`)}</p>
              <time className="cm-record__time">{formatTime(item.created_at)}</time>
            </div>
            <div className="cm-record__end">
              <p className={`cm-record__amount ${item.amount > 0 ? 'cm-amount--in' : 'cm-amount--out'}`}>
                <bdi dir="ltr">{money(item.amount, true)}</bdi>
              </p>
              <p className="cm-record__line">
                {t('wallet.balanceAfter')}: <bdi dir="ltr">{money(item.balance_after)}</bdi>
              </p>
            </div>
          </article>
        )}
      />
    </Page>
  );
}
