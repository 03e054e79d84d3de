import type { OrderList, OrderSummary } from '@crossmart/contract';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ordersKey } from '../../../shared/api/query-keys.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { PagedList } from '../../../shared/ui/paged-list.tsx';
import { orderListQuery } from '../api/order-list.ts';
import { OrderCard } from '../components/order-card.tsx';
import { StatusTabs } from '../components/status-tabs.tsx';
import { useOrderActions } from '../hooks/use-order-actions.ts';
import { filterFromParam, pathForFilter } from '../lib/status-filter.ts';
import '../orders.css';

/**
 * My orders (docs/spec.md §2 `/myPurchases/:status?`, also `/order`): the docs/spec.md §4 filters as tabs with
 * counts, each tab its own URL (replaced, so back leaves the screen), and an infinite list of cards.
 */
export default function MyPurchasesPage() {
  const { status: param } = useParams();
  const status = filterFromParam(param);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const query = useInfiniteQuery(orderListQuery(status, i18n.language));
  const { run, pending } = useOrderActions();
  const tabsRef = useRef<HTMLDivElement>(null);
  // Until this tab's first page arrives, the counts another tab fetched keep the badges in place.
  const cachedCounts = () =>
    queryClient
      .getQueriesData<{ pages: OrderList[] }>({ queryKey: [...ordersKey, 'list'] })
      .map(([, data]) => data?.pages[0]?.counts)
      .find(Boolean);
  const counts = query.data?.pages[0]?.counts ?? cachedCounts();
  const items = query.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <Page className="cm-orders-page">
      <div ref={tabsRef} className="cm-orders-tabs-anchor">
        <StatusTabs
          value={status}
          counts={counts}
          onChange={(next) => {
            // The tabs share one screen: another tab's list starts at its top.
            tabsRef.current?.closest('.cm-screen')?.scrollTo({ top: 0 });
            navigate(pathForFilter(next), { replace: true });
          }}
        />
      </div>
      <PagedList<OrderSummary>
        items={items}
        hasMore={query.hasNextPage}
        isLoading={query.isPending}
        failed={query.isError}
        loadMore={() => query.fetchNextPage()}
        refresh={() => query.refetch()}
        getKey={(order) => order.id}
        empty="noRecords"
        renderItem={(order) => (
          <OrderCard order={order} busy={pending === order.id} onAction={(action, target) => run(action, target)} />
        )}
      />
    </Page>
  );
}
