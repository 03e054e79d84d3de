import type { StatusFilter } from '../components/status-filter.ts';

/** Every order query starts with this key: one invalidation refreshes lists, counts and details. */
export const ordersKey = ['orders'] as const;
export const orderListKey = (status: StatusFilter) => [...ordersKey, 'list', status] as const;
export const orderDetailKey = (id: number) => [...ordersKey, 'detail', id] as const;
