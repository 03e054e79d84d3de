import type { Category } from '@crossmart/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';

/** `GET /api/category/list`: the ten categories of docs/spec.md §3 in the request language. */
export const categoriesQuery = (lang: string) =>
  queryOptions({
    queryKey: ['categories', lang],
    queryFn: () => api.get<Category[]>('/api/category/list', undefined, { isToken: false }),
    staleTime: 10 * 60_000,
  });
