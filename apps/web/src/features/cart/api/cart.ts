import type { CartItemRow, CartList } from '@crossmart/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';
import { cartKey } from '../../../shared/api/query-keys.ts';
import type { CartChange } from '../lib/cart-changes.ts';

export const cartListPrefix = [...cartKey, 'list'] as const;

/**
 * `GET /api/cart/list`: lines per shop with today's titles (request language), prices and stock.
 * The key carries the language (localized titles) and the token (one user's bag never shows as
 * another's after a new login).
 */
export const cartListQuery = (lang: string, token: string) =>
  queryOptions({
    queryKey: [...cartListPrefix, lang, token],
    queryFn: () => api.get<CartList>('/api/cart/list'),
    enabled: token !== '',
  });

/** `POST /api/cart/add`: adds to the line of that SKU (or makes one) and selects it. */
export function addToCart(skuId: number, quantity: number): Promise<CartItemRow> {
  return api.post<CartItemRow>('/api/cart/add', { sku_id: skuId, quantity });
}

// The bag's calls set absolute values, so a repeat is harmless: they skip the client's
// duplicate-submit guard (a quick +, −, + would otherwise be refused as a repeat of the first +).
const setter = { repeatSubmit: false } as const;

/** Sends one bag change: `cart/update` per line, `cart/select_all`, or `cart/delete`. */
export async function sendCartChange(change: CartChange): Promise<void> {
  switch (change.kind) {
    case 'quantity':
      await api.post<CartItemRow>('/api/cart/update', { id: change.id, quantity: change.quantity }, setter);
      return;
    case 'select':
      await Promise.all(
        change.ids.map((id) => api.post<CartItemRow>('/api/cart/update', { id, selected: change.selected }, setter)),
      );
      return;
    case 'selectAll':
      await api.post<null>('/api/cart/select_all', { selected: change.selected }, setter);
      return;
    case 'delete':
      await api.post<{ deleted: number }>('/api/cart/delete', { ids: change.ids }, setter);
      return;
  }
}
