import { ordersKey } from '../../../shared/api/order-detail.ts';
import type { StatusFilter } from '../components/status-filter.ts';

export { ordersKey };

// Item titles come in the UI language (the `lang` header): a language switch fetches them again.
export const orderListKey = (status: StatusFilter, lang: string) => [...ordersKey, 'list', status, lang] as const;
