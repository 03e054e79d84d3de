import type { FollowResult, ProductDetail, ShopDetail } from '@crossmart/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { productDetailKey } from '../../../shared/api/query-keys.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { toast } from '../../../shared/ui/feedback.ts';
import { setFollow } from '../api/shops.ts';
import { guessProductShopFollow, guessShopFollow } from '../lib/optimistic.ts';

/**
 * Follow / unfollow a shop, optimistically (`lib/optimistic.ts`). Visitors go to /login (following
 * needs a token); the answer's exact fan count updates every cached shop detail and product detail
 * of that shop.
 */
export function useFollow(shopId: number) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSession((state) => state.token);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (follow: boolean) => setFollow(shopId, follow),
    // The button and the fan count change at once; a refused call puts the caches back (the API
    // client toasts why).
    onMutate: async (follow: boolean) => {
      await queryClient.cancelQueries({ queryKey: ['shop-detail'] });
      await queryClient.cancelQueries({ queryKey: productDetailKey });
      const saved = [
        ...queryClient.getQueriesData({ queryKey: ['shop-detail'] }),
        ...queryClient.getQueriesData({ queryKey: productDetailKey }),
      ];
      queryClient.setQueriesData<ShopDetail>({ queryKey: ['shop-detail'] }, (shop) =>
        guessShopFollow(shop, shopId, follow),
      );
      queryClient.setQueriesData<ProductDetail>({ queryKey: productDetailKey }, (product) =>
        guessProductShopFollow(product, shopId, follow),
      );
      return { saved };
    },
    onError: (_error, _follow, context) => {
      for (const [key, data] of context?.saved ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (result: FollowResult) => {
      queryClient.setQueriesData<ShopDetail>({ queryKey: ['shop-detail'] }, (shop) =>
        shop && shop.id === result.shop_id ? { ...shop, is_followed: result.is_followed, fans: result.fans } : shop,
      );
      queryClient.setQueriesData<ProductDetail>({ queryKey: productDetailKey }, (product) =>
        product && product.shop.id === result.shop_id
          ? { ...product, shop: { ...product.shop, is_followed: result.is_followed, fans: result.fans } }
          : product,
      );
      void queryClient.invalidateQueries({ queryKey: ['follow-list'] });
      toast(t(result.is_followed ? 'catalog.followed' : 'catalog.unfollowed'), 'success');
    },
  });
  return {
    pending: mutation.isPending,
    toggle(isFollowed: boolean) {
      if (!token) {
        navigate('/login');
        return;
      }
      mutation.mutate(!isFollowed);
    },
  };
}
