import {
  type AuditFilter,
  type BillEntry,
  type Page,
  pageLimits,
  type Recharge,
  type Withdrawal,
} from '@crossmart/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';

function paged<T>(key: string, url: string, params: Record<string, unknown>) {
  return infiniteQueryOptions({
    queryKey: ['wallet', key, params],
    queryFn: ({ pageParam }) => api.get<Page<T>>(url, { ...params, page: pageParam, limit: pageLimits.defaultLimit }),
    initialPageParam: 1,
    getNextPageParam: (last: Page<T>) => (last.has_more ? last.page + 1 : undefined),
  });
}

/** The query options of one of these lists (what `useInfiniteQuery` takes). */
export type PagedQuery<T> = ReturnType<typeof paged<T>>;

/** `GET /api/user/recharge_log?status=` (all/0/1/2). */
export const rechargeLogQuery = (status: AuditFilter) =>
  paged<Recharge>('recharge_log', '/api/user/recharge_log', { status });
/** `GET /api/user/extract_log?status=`. */
export const extractLogQuery = (status: AuditFilter) =>
  paged<Withdrawal>('extract_log', '/api/user/extract_log', { status });
/** `GET /api/user/bill`: the fund record. */
export const billQuery = () => paged<BillEntry>('bill', '/api/user/bill', {});
