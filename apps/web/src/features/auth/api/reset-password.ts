import { api } from '../../../shared/api/index.ts';

/** `POST /api/user/resetpwd` with the old password (logged in). Every session of the user ends. */
export function changePassword(body: { oldpassword: string; newpassword: string; renewpassword: string }) {
  return api.post<null>('/api/user/resetpwd', body);
}

/** `POST /api/user/resetpwd` with the mailed code (no token). Every session of the user ends. */
export function resetPasswordWithCode(body: {
  account: string;
  code: string;
  newpassword: string;
  renewpassword: string;
}) {
  return api.post<null>('/api/user/resetpwd', body, { isToken: false });
}
