import type { FollowResult, ShopDetail, ShopPage } from '@crossmart/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';
import { pageParams, pageSize } from './keys.ts';

/** `GET /api/shop/detail?id=`; with a token it tells whether the user follows the shop. */
export const shopDetailQuery = (lang: string, id: number, token: string) =>
  queryOptions({
    queryKey: ['shop-detail', lang, id, Boolean(token)],
    queryFn: () => api.get<ShopDetail>('/api/shop/detail', { id }),
    enabled: id > 0,
  });

/** `GET /api/shop/hot`: ordered by the visibility score (docs/product-rules.md §5). */
export const hotShopsQuery = (lang: string) =>
  infiniteQueryOptions({
    queryKey: ['shop-hot', lang],
    queryFn: ({ pageParam }) =>
      api.get<ShopPage>('/api/shop/hot', { page: pageParam, limit: pageSize }, { isToken: false }),
    ...pageParams,
  });

/** `GET /api/shop/search?keyword=`. */
export const shopSearchQuery = (lang: string, keyword: string) =>
  infiniteQueryOptions({
    queryKey: ['shop-search', lang, keyword],
    queryFn: ({ pageParam }) =>
      api.get<ShopPage>('/api/shop/search', { keyword, page: pageParam, limit: pageSize }, { isToken: false }),
    ...pageParams,
    enabled: keyword.length > 0,
  });

/** `POST /api/shop/follow` or `/api/shop/unfollow` (idempotent on the server). */
export function setFollow(shopId: number, follow: boolean): Promise<FollowResult> {
  return api.post<FollowResult>(follow ? '/api/shop/follow' : '/api/shop/unfollow', { shop_id: shopId });
}
