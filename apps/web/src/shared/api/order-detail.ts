import type { OrderDetail } from '@crossmart/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './index.ts';

/**
 * Every order query starts with this key (lists, counts, details): one invalidation after a
 * payment, a cancel or a receipt refreshes them all, on whichever screen shows them.
 */
export const ordersKey = ['orders'] as const;

/**
 * `GET /api/order/detail?id=` (the payment screen and the order detail): another user's or an
 * unknown id answers ORDER_NOT_FOUND. Item titles come in the UI language, hence `lang` in the key.
 */
export const orderDetailQuery = (id: number, lang: string) =>
  queryOptions({
    queryKey: [...ordersKey, 'detail', id, lang] as const,
    queryFn: () => api.get<OrderDetail>('/api/order/detail', { id }),
    // Orders change elsewhere (payment, timers, the merchant): a screen shown again checks at once.
    staleTime: 0,
  });
