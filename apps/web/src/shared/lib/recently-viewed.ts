import { useSyncExternalStore } from 'react';

/**
 * Recently viewed products (issue 21), kept on this device only: newest first, at most 20, one
 * entry per product. The product detail screen records a visit; the me page and an empty bag show
 * the list. Kept screens re-render when it changes (this tab or another one).
 */
export interface ViewedProduct {
  id: number;
  shop_id: number;
  title: string;
  image: string;
  /** Integer minor units, as seen at the visit. */
  price: number;
}

const storageKey = 'crossmart-recently-viewed';
export const maxViewed = 20;

function isViewed(value: unknown): value is ViewedProduct {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.id === 'number' &&
    typeof entry.shop_id === 'number' &&
    typeof entry.title === 'string' &&
    typeof entry.image === 'string' &&
    typeof entry.price === 'number'
  );
}

function read(): ViewedProduct[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isViewed).slice(0, maxViewed) : [];
  } catch {
    return [];
  }
}

let snapshot: ViewedProduct[] | undefined;
const listeners = new Set<() => void>();
function changed() {
  snapshot = undefined;
  for (const listener of listeners) listener();
}

/** The list with `product` moved (or added) to the front. */
export function withViewed(list: readonly ViewedProduct[], product: ViewedProduct): ViewedProduct[] {
  return [product, ...list.filter((entry) => entry.id !== product.id)].slice(0, maxViewed);
}

export function rememberViewed(product: ViewedProduct) {
  const list = read();
  const next = withViewed(list, product);
  if (JSON.stringify(next) === JSON.stringify(list)) return;
  try {
    localStorage.setItem(storageKey, JSON.stringify(next));
  } catch {
    // A full or blocked storage only loses this convenience.
  }
  changed();
}

export function readViewed(): ViewedProduct[] {
  snapshot ??= read();
  return snapshot;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKey) changed();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useRecentlyViewed(): ViewedProduct[] {
  return useSyncExternalStore(subscribe, readViewed);
}
