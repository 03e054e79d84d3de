import { ordersKey } from '../../../shared/api/query-keys.ts';
import type { StatusFilter } from '../lib/status-filter.ts';

// Item titles come in the UI language (the `lang` header): a language switch fetches them again.
export const orderListKey = (status: StatusFilter, lang: string) => [...ordersKey, 'list', status, lang] as const;
