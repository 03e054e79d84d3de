import type {
  AssistPage,
  AssistResult,
  AssistStatus,
  Complaint,
  ComplaintPage,
  ComplaintRequest,
  ContentKey,
  ContentPage,
  ShopPage,
} from '@crossmart/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';

const pageSize = 20;
const pageParams = {
  initialPageParam: 1,
  getNextPageParam: (last: { has_more: boolean; page: number }) => (last.has_more ? last.page + 1 : undefined),
};

const contentPaths: Record<ContentKey, string> = {
  help_support: '/api/user/help_support',
  law: '/api/user/law',
  platform: '/api/user/platform',
};

/** `GET /api/user/help_support`, `/api/user/law` or `/api/user/platform`, in the UI language. */
export const contentQuery = (key: ContentKey, lang: string) =>
  queryOptions({
    queryKey: ['content', key, lang],
    queryFn: () => api.get<ContentPage>(contentPaths[key]),
  });

/** `POST /api/merchant/assistStatus`. */
export const assistStatusQuery = () =>
  queryOptions({
    queryKey: ['assist-status'],
    queryFn: () => api.post<AssistStatus>('/api/merchant/assistStatus', {}, { repeatSubmit: false }),
  });

/** `POST /api/merchant/assistList`: the support record, paged in the body. */
export const assistListQuery = () =>
  infiniteQueryOptions({
    queryKey: ['assist-list'],
    queryFn: ({ pageParam }) =>
      api.post<AssistPage>('/api/merchant/assistList', { page: pageParam, limit: pageSize }, { repeatSubmit: false }),
    ...pageParams,
  });

/** `POST /api/merchant/assist`. */
export function supportShop(shopId: number) {
  return api.post<AssistResult>('/api/merchant/assist', { shop_id: shopId });
}

/** `GET /api/shop/search?keyword=` for the shop-name pickers. */
export const shopNameSearchQuery = (lang: string, keyword: string) =>
  queryOptions({
    queryKey: ['shop-name-search', lang, keyword],
    queryFn: () => api.get<ShopPage>('/api/shop/search', { keyword, page: 1, limit: 10 }),
    enabled: keyword.length > 0,
  });

/** `POST /api/merchant/complaint`. */
export function fileComplaint(body: ComplaintRequest) {
  return api.post<Complaint>('/api/merchant/complaint', body);
}

/** `GET /api/user/complaint_list`: the user's complaints and the platform's replies. */
export const myComplaintsQuery = () =>
  infiniteQueryOptions({
    queryKey: ['my-complaints'],
    queryFn: ({ pageParam }) =>
      api.get<ComplaintPage>('/api/user/complaint_list', { page: pageParam, limit: pageSize }),
    ...pageParams,
  });
