import type { OrderStatus } from '@crossmart/contract';
import { api } from '../../../shared/api/index.ts';

/** `POST /api/order/confirm {id}`: delivered → received. */
export function confirmOrder(id: number) {
  return api.post<{ id: number; status: OrderStatus }>('/api/order/confirm', { id });
}
