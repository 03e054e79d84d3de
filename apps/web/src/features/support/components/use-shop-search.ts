import type { ShopCard } from '@crossmart/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { shopNameSearchQuery } from '../api/support-api.ts';

const debounceMs = 250;

/** Shops whose name matches what the user is typing (debounced, at most 10). */
export function useShopSearch(draft: string): { shops: ShopCard[]; isSearching: boolean; keyword: string } {
  const lang = useTranslation().i18n.language;
  const [keyword, setKeyword] = useState(draft.trim());
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(draft.trim().slice(0, 100)), debounceMs);
    return () => clearTimeout(timer);
  }, [draft]);
  const query = useQuery(shopNameSearchQuery(lang, keyword));
  return { shops: query.data?.list ?? [], isSearching: query.isFetching, keyword };
}
