import type { OrderDetail } from '@crossmart/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';
import { orderDetailKey } from './keys.ts';

/** `GET /api/order/detail?id=`: another user's or an unknown id answers ORDER_NOT_FOUND. */
export const orderDetailQuery = (id: number, lang: string) =>
  queryOptions({
    queryKey: orderDetailKey(id, lang),
    queryFn: () => api.get<OrderDetail>('/api/order/detail', { id }),
    staleTime: 0,
  });
