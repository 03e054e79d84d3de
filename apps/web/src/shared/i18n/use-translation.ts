import { useMemo, useSyncExternalStore } from 'react';
import { i18n } from './i18n.ts';
import type { TextParams } from './translator.ts';

/** Counts changes of the texts; registered before any component, so it moves before they read it. */
let version = 0;
const bump = () => {
  version += 1;
};
i18n.on('languageChanged', bump);
i18n.on('added', bump);

const subscribe = (onChange: () => void) => {
  i18n.on('languageChanged', onChange);
  i18n.on('added', onChange);
  return () => {
    i18n.off('languageChanged', onChange);
    i18n.off('added', onChange);
  };
};
const getVersion = () => version;

/**
 * The texts of the UI language for a component (the shape react-i18next's hook had): it re-renders
 * when the language changes or a lazily loaded part of the texts arrives, and `t` is a new function
 * then, so effects and memos that depend on it run again.
 */
export function useTranslation() {
  const current = useSyncExternalStore(subscribe, getVersion, getVersion);
  const t = useMemo(() => {
    void current;
    return (key: string, params?: TextParams) => i18n.t(key, params);
  }, [current]);
  return { t, i18n };
}
