import type { Recharge, RechargeInput } from '@crossmart/contract';
import { api } from '../../../shared/api/index.ts';

/** `POST /api/user/recharge`: one Idempotency-Key per user action, reused on a retry. */
export function submitRecharge(body: RechargeInput, idempotencyKey: string) {
  return api.post<Recharge>('/api/user/recharge', body, { idempotencyKey });
}
