import { visitorPathPrefixes } from '@crossmart/contract/client';

/**
 * The navigation guard of docs/spec.md §6 as a decision table. The shell applies the decision; the
 * orchestration of the "token but no user info" case is `settleMissingUser`.
 */
export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string; message?: 'loginFirst' }
  | { kind: 'loadUser' };

export function isVisitorPath(pathname: string): boolean {
  return visitorPathPrefixes.some((prefix) => pathname.startsWith(prefix));
}

export function decideNavigation(input: { pathname: string; hasToken: boolean; hasUserInfo: boolean }): GuardDecision {
  const { pathname, hasToken, hasUserInfo } = input;
  if (!hasToken) {
    return isVisitorPath(pathname) ? { kind: 'allow' } : { kind: 'redirect', to: '/login', message: 'loginFirst' };
  }
  if (pathname === '/login') return { kind: 'redirect', to: '/' };
  if (!hasUserInfo) return { kind: 'loadUser' };
  return { kind: 'allow' };
}

export interface MissingUserSteps<User> {
  fetchUser(): Promise<User>;
  logout(): Promise<unknown>;
  /** Stores the fetched user. */
  setUser(user: User): void;
  /** Logout succeeded: token and user info are cleared. */
  clearSession(): void;
  /** Logout failed too: the token is invalidated locally. */
  dropToken(): void;
}

/**
 * With a token but no user info (docs/spec.md §4 Session): fetch it; on failure log out and go to /login;
 * when logout fails too, drop the token and go to /. Resolves where to go (undefined: stay).
 */
export async function settleMissingUser<User>(steps: MissingUserSteps<User>): Promise<string | undefined> {
  try {
    steps.setUser(await steps.fetchUser());
    return undefined;
  } catch {
    try {
      await steps.logout();
      steps.clearSession();
      return '/login';
    } catch {
      steps.dropToken();
      return '/';
    }
  }
}
