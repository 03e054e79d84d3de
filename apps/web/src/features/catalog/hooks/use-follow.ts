import type { FollowResult, ProductDetail, ShopDetail } from '@crossmart/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { productDetailKey } from '../../../shared/api/query-keys.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { toast } from '../../../shared/ui/feedback.ts';
import { setFollow } from '../api/shops.ts';

/**
 * Follow / unfollow a shop. Visitors go to /login (following needs a token); the answer's exact
 * fan count updates every cached shop detail and product detail of that shop.
 */
export function useFollow(shopId: number) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSession((state) => state.token);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (follow: boolean) => setFollow(shopId, follow),
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
