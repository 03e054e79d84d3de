import type { FavouriteResult, Page, ProductCard, ShopCard } from '@crossmart/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';
import { pageParams, pageSize } from './keys.ts';

export type FavouriteProduct = ProductCard & { favourited_at: string; on_sale: boolean };
export type FollowedShop = ShopCard & { followed_at: string };

/** `GET /api/user/favourite_list`. */
export const favouriteListQuery = (lang: string) =>
  infiniteQueryOptions({
    queryKey: ['favourite-list', lang],
    queryFn: ({ pageParam }) =>
      api.get<Page<FavouriteProduct>>('/api/user/favourite_list', { page: pageParam, limit: pageSize }),
    ...pageParams,
  });

/** `GET /api/user/follow_list`. */
export const followListQuery = (lang: string) =>
  infiniteQueryOptions({
    queryKey: ['follow-list', lang],
    queryFn: ({ pageParam }) =>
      api.get<Page<FollowedShop>>('/api/user/follow_list', { page: pageParam, limit: pageSize }),
    ...pageParams,
  });

/** `POST /api/user/favourite_add` or `/api/user/favourite_del` (idempotent on the server). */
export function setFavourite(productId: number, favourite: boolean): Promise<FavouriteResult> {
  return api.post<FavouriteResult>(favourite ? '/api/user/favourite_add' : '/api/user/favourite_del', {
    product_id: productId,
  });
}
