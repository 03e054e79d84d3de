import type { RefundDetail, RefundRequestInput, RefundResult, RefundReturnInput } from '@crossmart/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';
import { ordersKey } from '../../../shared/api/query-keys.ts';

/** Refund details live under the orders key: one invalidation after an order change refreshes them too. */
export const refundDetailKey = [...ordersKey, 'refund'] as const;

/** `GET /api/order/refund_detail?id=` — the buyer's own request; anyone else's answers REFUND_NOT_FOUND. */
export const refundDetailQuery = (id: number, lang: string) =>
  queryOptions({
    queryKey: [...refundDetailKey, id, lang] as const,
    queryFn: () => api.get<RefundDetail>('/api/order/refund_detail', { id }),
    staleTime: 0,
  });

/** `POST /api/order/refund`: the order goes to after-sale (−4) until the merchant answers. */
export function requestRefund(body: RefundRequestInput) {
  return api.post<RefundResult>('/api/order/refund', body);
}

/** `POST /api/order/refund_escalate`: a refused request goes to the platform (once). */
export function escalateRefund(id: number, reason: string) {
  return api.post<RefundResult>('/api/order/refund_escalate', { id, reason });
}

/** `POST /api/order/refund_return`: the returned parcel's carrier and tracking number. */
export function submitReturn(body: RefundReturnInput) {
  return api.post<RefundResult>('/api/order/refund_return', body);
}
