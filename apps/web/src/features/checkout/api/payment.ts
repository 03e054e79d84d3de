import type { VerifyPayResult } from '@crossmart/contract';
import { api } from '../../../shared/api/index.ts';

/** `POST /api/user/verify_pay`: pays the orders from the balance, all or none. */
export function verifyPay(orderIds: readonly number[], paypwd: string, idempotencyKey: string) {
  return api.post<VerifyPayResult>('/api/user/verify_pay', { order_ids: orderIds, paypwd }, { idempotencyKey });
}
