import { useSession } from './session-store.ts';
import type { LoginUserInfo, SessionUser } from './session-types.ts';

/**
 * Stores a login answer: the token (state + cookie) and, when the answer carries the user, the
 * user info; otherwise the guard fetches it on the next navigation.
 */
export function startSession(userinfo: LoginUserInfo) {
  const { token, ...user } = userinfo;
  const session = useSession.getState();
  session.setToken(token);
  const hasUser = typeof user.id === 'number' && typeof user.account === 'string';
  session.setUserInfo(hasUser ? (user as SessionUser) : null);
}
