import { visitorPathPrefixes } from '@crossmart/contract/client';
import { describe, expect, it } from 'vitest';
import { decideNavigation, settleMissingUser } from './guard.ts';

describe('guard decision table (docs/spec.md §6)', () => {
  const cases = [
    // visitor
    { pathname: '/home', hasToken: false, hasUserInfo: false, expected: { kind: 'allow' } },
    { pathname: '/detail/12/3', hasToken: false, hasUserInfo: false, expected: { kind: 'allow' } },
    { pathname: '/shop/4', hasToken: false, hasUserInfo: false, expected: { kind: 'allow' } },
    { pathname: '/searchs', hasToken: false, hasUserInfo: false, expected: { kind: 'allow' } },
    { pathname: '/login', hasToken: false, hasUserInfo: false, expected: { kind: 'allow' } },
    {
      pathname: '/order',
      hasToken: false,
      hasUserInfo: false,
      expected: { kind: 'redirect', to: '/login', message: 'loginFirst' },
    },
    {
      pathname: '/filter',
      hasToken: false,
      hasUserInfo: false,
      expected: { kind: 'redirect', to: '/login', message: 'loginFirst' },
    },
    {
      pathname: '/language',
      hasToken: false,
      hasUserInfo: false,
      expected: { kind: 'redirect', to: '/login', message: 'loginFirst' },
    },
    // logged in
    { pathname: '/login', hasToken: true, hasUserInfo: true, expected: { kind: 'redirect', to: '/' } },
    { pathname: '/login', hasToken: true, hasUserInfo: false, expected: { kind: 'redirect', to: '/' } },
    { pathname: '/order', hasToken: true, hasUserInfo: false, expected: { kind: 'loadUser' } },
    { pathname: '/home', hasToken: true, hasUserInfo: false, expected: { kind: 'loadUser' } },
    { pathname: '/order', hasToken: true, hasUserInfo: true, expected: { kind: 'allow' } },
    { pathname: '/register', hasToken: true, hasUserInfo: true, expected: { kind: 'allow' } },
  ] as const;

  for (const { expected, ...input } of cases) {
    it(`${input.hasToken ? 'token' : 'visitor'}${input.hasUserInfo ? '+user' : ''} ${input.pathname} → ${expected.kind}`, () => {
      expect(decideNavigation(input)).toEqual(expected);
    });
  }

  it('lets a visitor open every public prefix of docs/spec.md §6 and paths under it', () => {
    expect(visitorPathPrefixes).toEqual([
      '/login',
      '/register',
      '/home',
      '/shop',
      '/explore',
      '/detail',
      '/search',
      '/forgotPassword',
      '/changePassword',
    ]);
    for (const prefix of visitorPathPrefixes) {
      expect(decideNavigation({ pathname: `${prefix}/x`, hasToken: false, hasUserInfo: false }).kind).toBe('allow');
    }
  });
});

describe('token without user info (docs/spec.md §4 Session)', () => {
  function steps(fetchOk: boolean, logoutOk: boolean) {
    const log: string[] = [];
    return {
      log,
      steps: {
        fetchUser: async () => {
          log.push('fetch');
          if (!fetchOk) throw new Error('no user');
          return { id: 1 };
        },
        logout: async () => {
          log.push('logout');
          if (!logoutOk) throw new Error('logout failed');
        },
        setUser: (user: { id: number }) => log.push(`set ${user.id}`),
        clearSession: () => log.push('clear'),
        dropToken: () => log.push('drop token'),
      },
    };
  }

  it('fetches the user info and stays', async () => {
    const { log, steps: s } = steps(true, true);
    await expect(settleMissingUser(s)).resolves.toBeUndefined();
    expect(log).toEqual(['fetch', 'set 1']);
  });

  it('logs out and goes to /login when the fetch fails', async () => {
    const { log, steps: s } = steps(false, true);
    await expect(settleMissingUser(s)).resolves.toBe('/login');
    expect(log).toEqual(['fetch', 'logout', 'clear']);
  });

  it('drops the token and goes to / when logout fails too', async () => {
    const { log, steps: s } = steps(false, false);
    await expect(settleMissingUser(s)).resolves.toBe('/');
    expect(log).toEqual(['fetch', 'logout', 'drop token']);
  });
});
