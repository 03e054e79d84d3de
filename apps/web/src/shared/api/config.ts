import type { PublicConfig } from '@crossmart/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadApi } from './load-api.ts';

/** `GET /api/config`: currency and settings the client needs. */
export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: async () => (await loadApi()).get<PublicConfig>('/api/config', undefined, { isToken: false }),
  staleTime: 10 * 60_000,
});

export function useConfig() {
  return useQuery(configQuery);
}
