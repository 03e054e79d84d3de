import type { CartList } from '@crossmart/contract';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { cartCountKey, cartKey } from '../../../shared/api/query-keys.ts';
import { sendCartChange } from '../api/cart.ts';
import { applyCartChange, type CartChange } from '../lib/cart-changes.ts';

const changeKey = ['cart', 'change'] as const;

/**
 * Bag changes, optimistic: the list and the badge change at once; a refused change
 * puts the list back as it was; once the last change of a burst is answered, the server's list
 * replaces the guess (so the sums on screen end up being the server's).
 */
export function useCartChange(listKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: changeKey,
    // Changes set absolute values: they reach the server one at a time, in the order they were made
    // (the screen still changes at once, in onMutate).
    scope: { id: 'cart-change' },
    mutationFn: sendCartChange,
    onMutate: async (change: CartChange) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const previous = queryClient.getQueryData<CartList>(listKey);
      if (previous) {
        const next = applyCartChange(previous, change);
        queryClient.setQueryData<CartList>(listKey, next);
        queryClient.setQueriesData<number>({ queryKey: cartCountKey }, next.count);
      }
      return { previous };
    },
    onError: (_error, _change, context) => {
      // The API client has shown the server's reason (e.g. not enough stock).
      if (context?.previous) queryClient.setQueryData<CartList>(listKey, context.previous);
    },
    onSettled: () => {
      // Refetching while other changes are still in flight would flash older states.
      if (queryClient.isMutating({ mutationKey: changeKey }) === 1) {
        return queryClient.invalidateQueries({ queryKey: cartKey });
      }
      return undefined;
    },
  });
}
