import type { OrderStatus } from '@crossmart/contract';
import { api } from '../../../shared/api/index.ts';

/**
 * `POST /api/order/cancel {id}`: unpaid → cancelled; paid → cancelled with the total refunded to the
 * balance, so it carries the action's Idempotency-Key like every money-moving call.
 */
export function cancelOrder(id: number, idempotencyKey: string) {
  return api.post<{ id: number; status: OrderStatus }>('/api/order/cancel', { id }, { idempotencyKey });
}
