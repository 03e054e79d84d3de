import type { ProductPage, ProductSort, SearchSuggestions } from '@crossmart/contract';
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

/**
 * `GET /api/search/suggest`: products and shops while typing. The query's signal goes to the request,
 * so a suggestion call for text the shopper has since changed is cancelled (its query loses its
 * observer) instead of answering late.
 */
export const suggestQuery = (lang: string, keyword: string) => ({
  queryKey: ['search-suggest', lang, keyword],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get<SearchSuggestions>('/api/search/suggest', { keyword }, { isToken: false, signal }),
  enabled: keyword.length > 0,
  staleTime: 60_000,
});
