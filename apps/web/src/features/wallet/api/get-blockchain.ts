import type { Blockchain } from '@crossmart/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';

/** `GET /api/user/getBlockchain`: networks, coins, platform addresses and bank accounts. */
export const blockchainQuery = queryOptions({
  queryKey: ['wallet', 'blockchain'],
  queryFn: () => api.get<Blockchain>('/api/user/getBlockchain'),
  staleTime: 60_000,
});
