import { useQuery } from '@tanstack/react-query';

/**
 * The bag tab's badge. The cart feature owns the number and writes it with
 * `queryClient.setQueryData(cartCountKey, n)` (or gives this key a fetcher); the shell only reads it.
 */
export const cartCountKey = ['cart', 'count'] as const;

export function useCartCount(): number {
  const { data } = useQuery<number>({ queryKey: cartCountKey, queryFn: () => 0, enabled: false, initialData: 0 });
  return data;
}
