import type { OrderList } from '@crossmart/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';
import type { StatusFilter } from '../lib/status-filter.ts';
import { orderListKey } from './keys.ts';

const limit = 10;

/** `GET /api/user/order_list?status=&page=&limit=`: a page of orders plus the counts per filter. */
export const orderListQuery = (status: StatusFilter, lang: string) =>
  infiniteQueryOptions({
    queryKey: orderListKey(status, lang),
    queryFn: ({ pageParam }) => api.get<OrderList>('/api/user/order_list', { status, page: pageParam, limit }),
    initialPageParam: 1,
    getNextPageParam: (last: OrderList) => (last.has_more ? last.page + 1 : undefined),
    // Orders change elsewhere (payment, timers, the merchant): a screen shown again checks at once.
    staleTime: 0,
  });
