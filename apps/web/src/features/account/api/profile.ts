import type { ProfileRequest, UserInfo } from '@crossmart/contract';
import { api } from '../../../shared/api/index.ts';

/** `POST /api/user/profile`: only the fields sent change; answers the user. */
export function saveProfile(body: ProfileRequest): Promise<UserInfo> {
  return api.post<UserInfo>('/api/user/profile', body);
}
