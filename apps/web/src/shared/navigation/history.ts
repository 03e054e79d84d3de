/**
 * The back-history rules of docs/spec.md §2, as pure functions over the stored list of paths.
 * A path here is pathname + search, without the `backs` marker.
 */

/** Tab routes: opening one resets the back-history. */
export const tabPaths = ['/home', '/explore', '/bag', '/filter'] as const;

const maxHistory = 50;

export function isTabPath(pathname: string): boolean {
  return (tabPaths as readonly string[]).includes(pathname);
}

/** Removes the `backs` marker so that a returned-to page is the same history entry. */
export function stripBacks(path: string): string {
  const [pathname = '', search = ''] = path.split('?');
  const params = new URLSearchParams(search);
  params.delete('backs');
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/** Adds `backs=1` to a path (docs/spec.md §2: the back button marks the page it returns to). */
export function withBacks(path: string): string {
  const [pathname = '', search = ''] = path.split('?');
  const params = new URLSearchParams(search);
  params.set('backs', '1');
  return `${pathname}?${params.toString()}`;
}

export type NavigationKind = 'push' | 'replace' | 'pop' | 'back';

/** The history after arriving at `path` by a navigation of the given kind. */
export function recordVisit(history: readonly string[], rawPath: string, kind: NavigationKind): string[] {
  const path = stripBacks(rawPath);
  const pathname = path.split('?')[0] ?? path;
  if (isTabPath(pathname)) return [path];
  if (history.at(-1) === path) return [...history];
  // The back button's arrival pops the page it left. Recorded on arrival, not on the press: a press
  // whose navigation is overtaken (the browser's back at once) must leave the history as it was.
  if (kind === 'back') {
    const popped = history.slice(0, -1);
    return popped.length ? popped : [path];
  }
  // The browser's back button: when it lands on the previous entry, that is a pop.
  if (kind === 'pop' && history.at(-2) === path) return history.slice(0, -1);
  if (kind === 'replace') return [...history.slice(0, -1), path];
  return [...history, path].slice(-maxHistory);
}

/**
 * Where the back button goes (docs/spec.md §2): the explicit back address when one is given, else the
 * previous stored path with `backs=1`. The current entry is popped on arrival (`recordVisit`).
 */
export function backTarget(history: readonly string[], explicit?: string): string {
  return explicit ?? withBacks(history.at(-2) ?? '/home');
}
