import type { ProductCard as Card, ProductPage } from '@crossmart/contract';
import {
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryOptions,
  useInfiniteQuery,
} from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PagedList } from '../../../shared/ui/paged-list.tsx';
import { GridSkeleton } from '../../../shared/ui/skeletons.tsx';
import { flatten } from '../api/keys.ts';
import { ProductCard } from './product-card.tsx';

type FeedOptions<K extends QueryKey> = UseInfiniteQueryOptions<
  ProductPage,
  Error,
  InfiniteData<ProductPage>,
  K,
  number
>;

/** A two-column product grid with pull-to-refresh and load-more, fed by an infinite product query. */
export function ProductFeed<K extends QueryKey>({
  options,
  header,
  ranked = false,
  onRefresh,
}: {
  options: FeedOptions<K>;
  header?: ReactNode;
  ranked?: boolean;
  /** Also refreshed on pull (e.g. the shop header). */
  onRefresh?: () => Promise<unknown>;
}) {
  const query = useInfiniteQuery(options);
  const items = flatten(query.data?.pages);
  return (
    <PagedList<Card>
      items={items}
      hasMore={query.hasNextPage}
      isLoading={query.isPending}
      failed={query.isError}
      loadMore={() => query.fetchNextPage()}
      refresh={() => Promise.all([query.refetch(), onRefresh?.()])}
      getKey={(product) => product.id}
      renderItem={(product, index) => <ProductCard product={product} rank={ranked ? index : undefined} />}
      empty="noProducts"
      skeleton={<GridSkeleton cards={6} />}
      listClassName="cm-product-grid"
      header={header}
    />
  );
}
