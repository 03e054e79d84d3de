import { clientConstants } from '@crossmart/contract/client';
import { afterEach, describe, expect, it } from 'vitest';
import { removeCookie, writeCookie } from './cookies.ts';
import { readStoredSession, sessionStorageKey } from './stored-session.ts';

const store = (state: unknown) => localStorage.setItem(sessionStorageKey, JSON.stringify({ state, version: 1 }));

afterEach(() => {
  localStorage.removeItem(sessionStorageKey);
  removeCookie(clientConstants.tokenCookie);
});

describe('readStoredSession: the session the entry reads before the store loads', () => {
  it('reads the chosen language, the token and whether the user is known', () => {
    store({ token: 't1', userInfo: { id: 7 }, setting: { file_name: 'ar' } });
    writeCookie(clientConstants.tokenCookie, 't1', 1);
    expect(readStoredSession()).toEqual({ language: 'ar', token: 't1', hasUserInfo: true });
  });

  it('drops a token whose cookie is gone, as the session store does', () => {
    store({ token: 't1', userInfo: { id: 7 }, setting: null });
    expect(readStoredSession()).toEqual({ language: undefined, token: '', hasUserInfo: false });
  });

  it('reads nothing from a missing or broken entry', () => {
    expect(readStoredSession()).toEqual({ language: undefined, token: '', hasUserInfo: false });
    localStorage.setItem(sessionStorageKey, '{not json');
    expect(readStoredSession()).toEqual({ language: undefined, token: '', hasUserInfo: false });
  });
});
