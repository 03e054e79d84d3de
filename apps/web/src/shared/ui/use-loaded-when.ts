import { useEffect, useState } from 'react';

/** A value a dynamic import gives, loaded once and then kept for every later caller. */
export interface LoadedOnce<T> {
  current(): T | undefined;
  load(): Promise<T>;
}

export function loadedOnce<T>(load: () => Promise<T>): LoadedOnce<T> {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    current: () => value,
    load: () => {
      pending ??= load().then((loaded) => {
        value = loaded;
        return loaded;
      });
      return pending;
    },
  };
}

/**
 * The code of an overlay most visits never open (a sheet and what it shows), loaded the first time
 * `wanted` is true instead of with the screen. Not `React.lazy`: a suspended lazy component is
 * revealed after React's fallback throttle (~300 ms), even when its code has arrived already.
 */
export function useLoadedWhen<T>(wanted: boolean, source: LoadedOnce<T>): T | undefined {
  const [value, setValue] = useState(source.current);
  useEffect(() => {
    if (wanted && value === undefined) void source.load().then((loaded) => setValue(() => loaded));
  }, [wanted, value, source]);
  return value;
}
