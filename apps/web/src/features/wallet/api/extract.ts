import type { ExtractInfo, ExtractInput, Withdrawal } from '@crossmart/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';

/** `GET /api/user/extract`: balance, fee rate, minimum. */
export const extractInfoQuery = queryOptions({
  queryKey: ['wallet', 'extract'],
  queryFn: () => api.get<ExtractInfo>('/api/user/extract'),
});

/** `POST /api/user/extract`: the amount is held at once; fee and arrival come from the server. */
export function submitWithdrawal(body: ExtractInput, idempotencyKey: string) {
  return api.post<Withdrawal>('/api/user/extract', body, { idempotencyKey });
}
