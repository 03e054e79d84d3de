import type { NotificationPage, NotificationUnread } from '@crossmart/contract';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { unreadKey } from '../../../shared/session/unread-count.ts';
import { markNotificationsRead, notificationListKey } from '../api/notifications.ts';
import { lowerUnread, markListRead, type ReadTarget, unreadHit } from '../lib/mark-read.ts';

/**
 * Marks notifications read optimistically (`lib/mark-read.ts`): the rows and the me tab's badge
 * change at once; a refused call puts both back (the API client toasts why); afterwards the
 * server's list and counts are fetched again.
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: ReadTarget) =>
      markNotificationsRead('all' in target ? { all: true } : { ids: [...target.ids] }),
    onMutate: async (target: ReadTarget) => {
      await queryClient.cancelQueries({ queryKey: notificationListKey });
      await queryClient.cancelQueries({ queryKey: unreadKey });
      const saved = [
        ...queryClient.getQueriesData({ queryKey: notificationListKey }),
        ...queryClient.getQueriesData({ queryKey: unreadKey }),
      ];
      const list = queryClient.getQueryData<InfiniteData<NotificationPage>>(notificationListKey);
      const read = unreadHit(list, target);
      queryClient.setQueryData<InfiniteData<NotificationPage>>(notificationListKey, (old) => markListRead(old, target));
      queryClient.setQueriesData<NotificationUnread>({ queryKey: unreadKey }, (old) => lowerUnread(old, target, read));
      return { saved };
    },
    onError: (_error, _target, context) => {
      for (const [key, data] of context?.saved ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: notificationListKey }),
        queryClient.invalidateQueries({ queryKey: unreadKey }),
      ]),
  });
}
