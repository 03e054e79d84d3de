import type { NotificationUnread } from '@crossmart/contract';
import { useQuery } from '@tanstack/react-query';
import { loadApi } from '../api/load-api.ts';
import { useSession } from './session-store.ts';

/**
 * The me tab's badge: unread notifications plus unread customer-service messages
 * (`GET /api/notification/unread`). Screens that read something invalidate `unreadKey`.
 */
export const unreadKey = ['unread'] as const;

const none: NotificationUnread = { notifications: 0, service: 0, total: 0 };

// The tab bar is on the first load: the API client loads with the first call (loadApi).
async function fetchUnread(): Promise<NotificationUnread> {
  const api = await loadApi();
  return api.get<NotificationUnread>('/api/notification/unread', undefined, { silent: true });
}

export function useUnread(): NotificationUnread {
  const token = useSession((state) => state.token);
  const isAdmin = useSession((state) => state.userInfo?.role === 'admin');
  const { data } = useQuery({
    queryKey: [...unreadKey, token],
    queryFn: fetchUnread,
    enabled: token !== '' && !isAdmin,
    refetchInterval: 60_000,
  });
  return token ? (data ?? none) : none;
}
