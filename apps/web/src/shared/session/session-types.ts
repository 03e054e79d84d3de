import type { LanguageFile } from '@crossmart/contract/client';

/**
 * The user of `GET /api/user/getUserInfo`. Kept here as a type until the accounts
 * contract lands; field names follow that table.
 */
export interface SessionUser {
  id: number;
  account: string;
  family_name?: string | null;
  given_name?: string | null;
  email?: string | null;
  mobile?: string | null;
  avatar?: string | null;
  language?: string | null;
  role?: string | null;
  balance?: number;
  has_pay_password?: boolean;
  shop_id?: number | null;
}

/** `data.userinfo` of `POST /api/user/login` (and register): the user plus its token. */
export interface LoginUserInfo extends Partial<SessionUser> {
  token: string;
}

/** The language object of docs/spec.md §3. */
export interface LanguageSetting {
  language_name: string;
  chinese_name: string;
  file_name: LanguageFile;
}
