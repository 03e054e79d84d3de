import type { OrderDetail, VerifyPayResult } from '@crossmart/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';

/** `GET /api/order/detail?id=`: the amount to pay and the pay deadline of one order. */
export const orderDetailQuery = (lang: string, id: number) =>
  queryOptions({
    queryKey: ['order-detail', lang, id],
    queryFn: () => api.get<OrderDetail>('/api/order/detail', { id }),
    staleTime: 0,
  });

/** `POST /api/user/verify_pay`: pays the orders from the balance, all or none. */
export function verifyPay(orderIds: readonly number[], paypwd: string, idempotencyKey: string) {
  return api.post<VerifyPayResult>('/api/user/verify_pay', { order_ids: orderIds, paypwd }, { idempotencyKey });
}
