import type { LoginInput } from '@crossmart/contract';
import { api } from '../../../shared/api/index.ts';
import type { LoginUserInfo } from '../../../shared/session/session-types.ts';

/** `POST /api/user/login`: `data.userinfo` carries the token. */
export function login(body: LoginInput): Promise<{ userinfo: LoginUserInfo }> {
  return api.post<{ userinfo: LoginUserInfo }>('/api/user/login', body, { isToken: false });
}
