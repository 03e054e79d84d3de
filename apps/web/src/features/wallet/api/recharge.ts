import type { Recharge, RechargeMethod } from '@crossmart/contract';
import { api } from '../../../shared/api/index.ts';

export interface RechargeBody {
  method: RechargeMethod;
  amount: number;
  image?: string;
  network?: string;
  coin?: string;
  address?: string;
  tx_hash?: string;
}

/** `POST /api/user/recharge`: one Idempotency-Key per user action, reused on a retry. */
export function submitRecharge(body: RechargeBody, idempotencyKey: string) {
  return api.post<Recharge>('/api/user/recharge', body, { idempotencyKey });
}
