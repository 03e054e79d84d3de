import { beforeEach, describe, expect, it } from 'vitest';
import { readCookie, removeCookie } from './cookies.ts';
import { sessionStorageKey, useSession } from './session-store.ts';
import { startSession } from './start-session.ts';

function persisted() {
  return JSON.parse(localStorage.getItem(sessionStorageKey) ?? '{}').state;
}

beforeEach(() => {
  useSession.getState().clearSession();
  useSession.setState({ setting: null, history: [], backData: null });
  removeCookie('language');
});

describe('session state (docs/spec.md §3)', () => {
  it('persists token, userInfo, backData, setting and history locally', () => {
    const session = useSession.getState();
    session.setToken('t1');
    session.setUserInfo({ id: 7, account: 'demo' });
    session.setBackData({ address_id: 3 });
    session.setSetting('ar');
    session.setHistory(['/filter', '/language']);
    expect(persisted()).toEqual({
      token: 't1',
      userInfo: { id: 7, account: 'demo' },
      backData: { address_id: 3 },
      setting: { language_name: 'العربية', chinese_name: '阿拉伯语', file_name: 'ar' },
      history: ['/filter', '/language'],
    });
  });

  it('keeps the token and the language in cookies too', () => {
    useSession.getState().setToken('t2');
    useSession.getState().setSetting('en');
    expect(readCookie('Admin-Token')).toBe('t2');
    expect(readCookie('language')).toBe('en');
  });

  it('clearing the session drops token, user info and the token cookie', () => {
    startSession({ token: 't3', id: 9, account: 'x' });
    expect(useSession.getState().userInfo).toEqual({ id: 9, account: 'x' });
    useSession.getState().clearSession();
    expect(useSession.getState()).toMatchObject({ token: '', userInfo: null });
    expect(readCookie('Admin-Token')).toBeUndefined();
  });

  it('a login answer without the user leaves user info to the guard', () => {
    startSession({ token: 't4' });
    expect(useSession.getState()).toMatchObject({ token: 't4', userInfo: null });
  });

  it('forgets a stored token whose 3-day cookie has expired', async () => {
    useSession.getState().setToken('t5');
    removeCookie('Admin-Token');
    await useSession.persist.rehydrate();
    expect(useSession.getState().token).toBe('');
  });
});
