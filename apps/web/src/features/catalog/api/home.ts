import type { Home } from '@crossmart/contract';
import { queryOptions } from '@tanstack/react-query';
import { loadApi } from '../../../shared/api/load-api.ts';

/** `GET /api/home` (through `loadApi`: home is the first screen): banners, categories, hot products and hot shops in one answer. */
export const homeQuery = (lang: string) =>
  queryOptions({
    queryKey: ['home', lang],
    queryFn: async () => (await loadApi()).get<Home>('/api/home', undefined, { isToken: false }),
    staleTime: 60_000,
  });
