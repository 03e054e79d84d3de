import type { ResetPayRequest } from '@crossmart/contract';
import { api } from '../../../shared/api/index.ts';

/**
 * `POST /api/user/resetPay`: set the payment code the first time (with the login `password`) or
 * change it (with the old code `oldpaypwd`).
 */
export function resetPayPassword(body: ResetPayRequest): Promise<null> {
  return api.post<null>('/api/user/resetPay', body);
}
