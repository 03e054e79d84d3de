import { clientConstants, getLanguage, type LanguageFile } from '@crossmart/contract/client';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { readCookie, removeCookie, writeCookie } from './cookies.ts';
import type { LanguageSetting, SessionUser } from './session-types.ts';
import { sessionStorageKey } from './stored-session.ts';

/** Session state of docs/spec.md §3, persisted locally. */
export interface SessionState {
  token: string;
  userInfo: SessionUser | null;
  /** Data a screen hands to the screen it returns to (e.g. a chosen address). */
  backData: unknown;
  /** The chosen language object; null until the user (or a login) chooses one. */
  setting: LanguageSetting | null;
  /** Navigation history paths for the back rule (docs/spec.md §2). */
  history: string[];
}

interface SessionActions {
  setToken(token: string): void;
  setUserInfo(userInfo: SessionUser | null): void;
  /** Logout, an invalid token or a password reset: drop token and user info (docs/spec.md §4). */
  clearSession(): void;
  setBackData(backData: unknown): void;
  setSetting(file: LanguageFile): void;
  setHistory(history: string[]): void;
}

export type SessionStore = SessionState & SessionActions;

export { sessionStorageKey };

export function languageSetting(file: LanguageFile): LanguageSetting {
  const { language_name, chinese_name, file_name } = getLanguage(file);
  return { language_name, chinese_name, file_name };
}

export const useSession = create<SessionStore>()(
  persist(
    (set) => ({
      token: '',
      userInfo: null,
      backData: null,
      setting: null,
      history: [],
      setToken(token) {
        if (token) writeCookie(clientConstants.tokenCookie, token, clientConstants.cookieDays);
        else removeCookie(clientConstants.tokenCookie);
        set({ token });
      },
      setUserInfo(userInfo) {
        set({ userInfo });
      },
      clearSession() {
        removeCookie(clientConstants.tokenCookie);
        set({ token: '', userInfo: null });
      },
      setBackData(backData) {
        set({ backData });
      },
      setSetting(file) {
        writeCookie(clientConstants.languageCookie, file, clientConstants.cookieDays);
        set({ setting: languageSetting(file) });
      },
      setHistory(history) {
        set({ history });
      },
    }),
    {
      name: sessionStorageKey,
      storage: createJSONStorage(() => localStorage),
      version: 1,
      partialize: ({ token, userInfo, backData, setting, history }) => ({
        token,
        userInfo,
        backData,
        setting,
        history,
      }),
      // The token cookie lives 3 days (docs/spec.md §9): once it is gone, so is the stored token.
      merge: (persisted, current) => {
        const state = { ...current, ...(persisted as Partial<SessionState>) };
        if (state.token && !readCookie(clientConstants.tokenCookie)) {
          return { ...state, token: '', userInfo: null };
        }
        return state;
      },
    },
  ),
);

/** The token outside React (API client, guard). */
export function getToken(): string {
  return useSession.getState().token;
}
