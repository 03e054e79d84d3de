import type { ProductPage, ProductSort } from '@crossmart/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';
import { pageParams, pageSize } from './keys.ts';

export interface ProductFilter {
  category_id?: number | undefined;
  shop_id?: number | undefined;
  keyword?: string | undefined;
  sort?: ProductSort | undefined;
}

function clean(filter: ProductFilter): Record<string, unknown> {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== ''));
}

/** `GET /api/product/list` (category_id, shop_id, keyword, sort, page, limit) as an infinite query. */
export const productListQuery = (lang: string, filter: ProductFilter) =>
  infiniteQueryOptions({
    queryKey: ['product-list', lang, clean(filter)],
    queryFn: ({ pageParam }) =>
      api.get<ProductPage>(
        '/api/product/list',
        { ...clean(filter), page: pageParam, limit: pageSize },
        { isToken: false },
      ),
    ...pageParams,
    staleTime: 30_000,
  });

/** `GET /api/product/popular`: most favourited, then most sold. */
export const popularQuery = (lang: string) =>
  infiniteQueryOptions({
    queryKey: ['product-popular', lang],
    queryFn: ({ pageParam }) =>
      api.get<ProductPage>('/api/product/popular', { page: pageParam, limit: pageSize }, { isToken: false }),
    ...pageParams,
    staleTime: 30_000,
  });

/** `GET /api/product/hot`: units sold, then the shop's visibility score. */
export const hotProductsQuery = (lang: string) =>
  infiniteQueryOptions({
    queryKey: ['product-hot', lang],
    queryFn: ({ pageParam }) =>
      api.get<ProductPage>('/api/product/hot', { page: pageParam, limit: pageSize }, { isToken: false }),
    ...pageParams,
    staleTime: 30_000,
  });

/** Suggestions while typing: the first few matching products (titles in the UI language). */
export const suggestQuery = (lang: string, keyword: string) => ({
  queryKey: ['product-suggest', lang, keyword],
  queryFn: () => api.get<ProductPage>('/api/product/list', { keyword, page: 1, limit: 6 }, { isToken: false }),
  enabled: keyword.length > 0,
  staleTime: 60_000,
});
