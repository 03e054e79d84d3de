import { useQuery } from '@tanstack/react-query';
import { loadApi } from '../api/load-api.ts';
import { cartCountKey } from '../api/query-keys.ts';
import { useSession } from './session-store.ts';

/**
 * The bag tab's badge: units in the cart (`GET /api/cart/count`), 0 for visitors. The key's last
 * part is the token, so a new login never shows the previous user's number. The cart feature
 * refreshes it with `invalidateQueries({ queryKey: cartCountKey })` after each change, or writes
 * a number it already knows with `setQueriesData({ queryKey: cartCountKey }, n)`.
 */

// The tab bar is on the first load: the API client loads with the first call (loadApi).
async function fetchCartCount(): Promise<number> {
  const api = await loadApi();
  return (await api.get<{ count: number }>('/api/cart/count')).count;
}

export function useCartCount(): number {
  const token = useSession((state) => state.token);
  const { data } = useQuery({
    queryKey: [...cartCountKey, token],
    queryFn: fetchCartCount,
    enabled: token !== '',
  });
  return token ? (data ?? 0) : 0;
}
