import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../session/session-store.ts';
import { backTarget } from './history.ts';

/** Navigation state that marks a back navigation, so the history tracker pops instead of pushing. */
export const backState = { back: true } as const;

/** The back rule of docs/spec.md §2: explicit address, else the stored history with `backs=1`. */
export function useBack() {
  const navigate = useNavigate();
  return useCallback(
    (explicit?: string) => {
      navigate(backTarget(useSession.getState().history, explicit), { state: backState });
    },
    [navigate],
  );
}
