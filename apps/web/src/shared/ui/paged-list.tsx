import { clientConstants } from '@crossmart/contract/client';
import { DotLoading, InfiniteScroll, PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { type EmptyKind, EmptyState } from './empty-state.tsx';
import { LoadError } from './load-error.tsx';
import { ListSkeleton } from './skeletons.tsx';

export interface PagedListProps<T> {
  items: readonly T[];
  hasMore: boolean;
  /** True until the first page arrives: shows skeletons. */
  isLoading: boolean;
  /** The first page failed (the query's `isError`): shows the failure state, whose retry calls `refresh`. */
  failed: boolean;
  loadMore(): Promise<unknown>;
  refresh(): Promise<unknown>;
  renderItem(item: T, index: number): ReactNode;
  getKey(item: T): string | number;
  empty: EmptyKind;
  skeleton?: ReactNode;
  /** The items' container class: `cm-list` (rows) by default, `cm-product-grid` for a grid. */
  listClassName?: string;
  /** Content above the items inside the pull-to-refresh area (e.g. a shop header). */
  header?: ReactNode;
}

/**
 * Pull-to-refresh + load-more list (docs/spec.md §2, constants of §9), fed by an infinite query:
 * `loadMore` = fetchNextPage, `refresh` = refetch.
 */
export function PagedList<T>(props: PagedListProps<T>) {
  const { t } = useTranslation();
  const { pullToRefresh, loadMoreOffset } = clientConstants;
  if (props.failed && props.items.length === 0) {
    return (
      <>
        {props.header}
        <LoadError onRetry={props.refresh} />
      </>
    );
  }
  if (props.isLoading) {
    return (
      <>
        {props.header}
        {props.skeleton ?? <ListSkeleton />}
      </>
    );
  }
  return (
    <PullToRefresh
      onRefresh={async () => {
        await props.refresh();
      }}
      headHeight={pullToRefresh.headHeight}
      threshold={pullToRefresh.headHeight}
      completeDelay={pullToRefresh.successTextMs}
      pullingText={t('list.pullToRefresh')}
      canReleaseText={t('list.releaseToRefresh')}
      refreshingText={t('list.refreshing')}
      completeText={t('list.refreshed')}
    >
      {props.header}
      {props.items.length === 0 ? (
        <EmptyState kind={props.empty} />
      ) : (
        <>
          <div className={props.listClassName ?? 'cm-list'}>
            {props.items.map((item, index) => (
              <div key={props.getKey(item)}>{props.renderItem(item, index)}</div>
            ))}
          </div>
          <InfiniteScroll
            loadMore={async () => {
              await props.loadMore();
            }}
            hasMore={props.hasMore}
            threshold={loadMoreOffset}
          >
            {(hasMore: boolean) => (
              <span className="cm-list__footer">
                {hasMore ? (
                  <>
                    {t('list.loading')}
                    <DotLoading />
                  </>
                ) : (
                  t('list.noMore')
                )}
              </span>
            )}
          </InfiniteScroll>
        </>
      )}
    </PullToRefresh>
  );
}
