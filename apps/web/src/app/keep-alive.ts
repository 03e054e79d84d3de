import { matchPath } from 'react-router';
import { stripBacks } from '../shared/navigation/history.ts';
import type { ShopperRoute } from './routes.ts';

/**
 * A screen instance: one per route path + search (without `backs`), so /shop/1 and /shop/2 differ;
 * one per route for routes marked `oneScreen` (the order tabs).
 */
export interface ScreenEntry {
  key: string;
  route: ShopperRoute;
  /** The location the screen renders with (updated on each visit, e.g. with `backs=1`). */
  pathname: string;
  search: string;
  lastUsed: number;
}

/** How many kept-alive screens live at once; the least recently used one is dropped first. */
export const keepAliveLimit = 12;

export function findRoute(routes: readonly ShopperRoute[], pathname: string): ShopperRoute | undefined {
  return routes.find((route) => matchPath({ path: route.path, end: true, caseSensitive: true }, pathname));
}

export function screenKey(pathname: string, search: string, route?: ShopperRoute): string {
  if (route?.oneScreen) return route.path;
  return stripBacks(`${pathname}${search}`);
}

/**
 * The kept-alive screens after visiting `visit`: adds or refreshes its entry and evicts the least
 * recently used beyond the limit. Returns the same array when nothing changed (render-safe).
 */
export function keepScreen(
  entries: readonly ScreenEntry[],
  visit: Omit<ScreenEntry, 'lastUsed'>,
  clock: number,
): readonly ScreenEntry[] {
  const existing = entries.find((entry) => entry.key === visit.key);
  if (existing && existing.pathname === visit.pathname && existing.search === visit.search) {
    const isNewest = entries.every((entry) => entry.lastUsed <= existing.lastUsed);
    if (isNewest) return entries;
  }
  const next = existing
    ? entries.map((entry) => (entry.key === visit.key ? { ...visit, lastUsed: clock } : entry))
    : [...entries, { ...visit, lastUsed: clock }];
  if (next.length <= keepAliveLimit) return next;
  const oldest = next.reduce((a, b) => (a.lastUsed <= b.lastUsed ? a : b));
  return next.filter((entry) => entry !== oldest);
}
