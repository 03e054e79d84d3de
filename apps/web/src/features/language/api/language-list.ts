import type { LanguageItem } from '@crossmart/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';

/** `GET /api/user/language_list`: the 34 languages with native and Chinese names. */
export const languageListQuery = queryOptions({
  queryKey: ['language_list'],
  queryFn: () => api.get<LanguageItem[]>('/api/user/language_list'),
  staleTime: Number.POSITIVE_INFINITY,
});
