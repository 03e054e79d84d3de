import type { LoginResponse, RegisterRequest } from '@crossmart/contract';
import { api } from '../../../shared/api/index.ts';

/** `POST /api/user/register`: the new buyer is logged in at once (`data.userinfo.token`). */
export function register(body: RegisterRequest): Promise<LoginResponse> {
  return api.post<LoginResponse>('/api/user/register', body, { isToken: false });
}
