import { api } from '../../../shared/api/index.ts';
import type { LoginUserInfo } from '../../../shared/session/session-types.ts';

export interface LoginBody {
  account: string;
  password: string;
}

/** `POST /api/user/login` (product.md §9): `data.userinfo` carries the token. */
export function login(body: LoginBody): Promise<{ userinfo: LoginUserInfo }> {
  return api.post<{ userinfo: LoginUserInfo }>('/api/user/login', body, { isToken: false });
}
