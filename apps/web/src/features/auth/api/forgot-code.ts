import type { ForgotCodeRequest } from '@crossmart/contract';
import { api } from '../../../shared/api/index.ts';

/** `POST /api/user/forgot_code`: mails a 6-digit reset code; the answer never tells whether the account exists. */
export function requestResetCode(body: ForgotCodeRequest): Promise<{ expires_in_minutes: number }> {
  return api.post<{ expires_in_minutes: number }>('/api/user/forgot_code', body, { isToken: false });
}
