import type { StatusFilter } from '../components/status-filter.ts';

/** Every order query starts with this key: one invalidation refreshes lists, counts and details. */
export const ordersKey = ['orders'] as const;
// Item titles come in the UI language (the `lang` header): a language switch fetches them again.
export const orderListKey = (status: StatusFilter, lang: string) => [...ordersKey, 'list', status, lang] as const;
export const orderDetailKey = (id: number, lang: string) => [...ordersKey, 'detail', id, lang] as const;
