import type { Page } from '@crossmart/contract';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';

/**
 * Titles, descriptions and category names come localized from the server (the `lang` header), so
 * every catalog query key carries the UI language: a switch fetches the texts again.
 */
export function useLang(): string {
  return useTranslation().i18n.language;
}

/** TanStack infinite-query page parameters for the `page`/`has_more` lists of docs/product-rules.md §7. */
export const pageParams = {
  initialPageParam: 1,
  getNextPageParam: <T>(last: Page<T>) => (last.has_more ? last.page + 1 : undefined),
};

/** The items of every loaded page, in order. */
export function flatten<T>(pages: readonly Page<T>[] | undefined): T[] {
  return pages?.flatMap((page) => page.list) ?? [];
}

export const pageSize = 20;
