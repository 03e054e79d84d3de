import { useSyncExternalStore } from 'react';

/**
 * What the app-status banner shows: the network is gone, or a new version of the app waits
 * (`register-pwa.ts` fills `reload` when the new service worker is installed). Kept out of React
 * state so the worker code, loaded after the first render, can set it.
 */
export interface AppStatus {
  online: boolean;
  /** Activates the waiting version and reloads the page; undefined while no update waits. */
  reload: (() => void) | undefined;
}

let status: AppStatus = { online: typeof navigator === 'undefined' ? true : navigator.onLine, reload: undefined };
const listeners = new Set<() => void>();

function set(next: Partial<AppStatus>) {
  status = { ...status, ...next };
  for (const listener of listeners) listener();
}

export function setUpdateWaiting(reload: () => void) {
  set({ reload });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const online = () => set({ online: true });
  const offline = () => set({ online: false });
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  set({ online: navigator.onLine });
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
}

export function useAppStatus(): AppStatus {
  return useSyncExternalStore(subscribe, () => status);
}
