import type { NotificationPage, NotificationUnread } from '@crossmart/contract';
import type { InfiniteData } from '@tanstack/react-query';

/*
 * Optimistic mark-read: the list and the me tab's badge change at once with these guesses; the
 * server's counts replace them afterwards, and a refused call puts the saved caches back.
 */

/** What is being marked: some ids, or every unread one. */
export type ReadTarget = { ids: readonly number[] } | { all: true };

const isTarget = (target: ReadTarget, id: number) => 'all' in target || target.ids.includes(id);

/** The unread notifications of the loaded pages the target reads. */
export function unreadHit(list: InfiniteData<NotificationPage> | undefined, target: ReadTarget): number {
  return (list?.pages ?? []).reduce(
    (count, page) => count + page.list.filter((item) => !item.is_read && isTarget(target, item.id)).length,
    0,
  );
}

/** The loaded pages with the target's notifications read. */
export function markListRead<T extends InfiniteData<NotificationPage> | undefined>(list: T, target: ReadTarget): T {
  if (!list) return list;
  return {
    ...list,
    pages: list.pages.map((page) => ({
      ...page,
      list: page.list.map((item) => (!item.is_read && isTarget(target, item.id) ? { ...item, is_read: true } : item)),
    })),
  };
}

/** The badge after `read` notifications were read (all: none left); never below zero. */
export function lowerUnread<T extends NotificationUnread | undefined>(unread: T, target: ReadTarget, read: number): T {
  if (!unread) return unread;
  const notifications = 'all' in target ? 0 : Math.max(0, unread.notifications - read);
  return { ...unread, notifications, total: notifications + unread.service };
}
