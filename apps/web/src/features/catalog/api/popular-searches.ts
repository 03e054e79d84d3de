import type { PopularSearches } from '@crossmart/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';

/** `GET /api/search/popular`: what shoppers of the UI language searched most this week. */
export const popularSearchesQuery = (lang: string) =>
  queryOptions({
    queryKey: ['search-popular', lang],
    queryFn: () => api.get<PopularSearches>('/api/search/popular', undefined, { isToken: false, silent: true }),
    staleTime: 5 * 60_000,
  });
