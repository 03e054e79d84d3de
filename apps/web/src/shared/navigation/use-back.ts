import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../session/session-store.ts';
import { backTarget } from './history.ts';

/** Navigation state that marks a back navigation, so the history tracker does not push it. */
export const backState = { back: true } as const;

/** The back rule of docs/spec.md §2: explicit address, else the stored history with `backs=1`. */
export function useBack() {
  const navigate = useNavigate();
  return useCallback(
    (explicit?: string) => {
      const session = useSession.getState();
      const { to, history } = backTarget(session.history, explicit);
      session.setHistory(history);
      navigate(to, { state: backState });
    },
    [navigate],
  );
}
