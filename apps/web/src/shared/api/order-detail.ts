import type { OrderDetail } from '@crossmart/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './index.ts';
import { ordersKey } from './query-keys.ts';

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
