import type { NotificationPage, NotificationReadRequest } from '@crossmart/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';

export const notificationListKey = ['notification', 'list'] as const;

/** `GET /api/notification/list`, newest first. */
export const notificationListQuery = () =>
  infiniteQueryOptions({
    queryKey: notificationListKey,
    queryFn: ({ pageParam }) => api.get<NotificationPage>('/api/notification/list', { page: pageParam, limit: 20 }),
    initialPageParam: 1,
    getNextPageParam: (last: NotificationPage) => (last.has_more ? last.page + 1 : undefined),
  });

/** `POST /api/notification/read`: some ids, or all. */
export function markNotificationsRead(body: NotificationReadRequest) {
  return api.post<{ updated: number }>('/api/notification/read', body, { repeatSubmit: false });
}
