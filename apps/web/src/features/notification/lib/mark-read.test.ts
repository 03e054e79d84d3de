import type { Notification, NotificationPage } from '@crossmart/contract';
import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { lowerUnread, markListRead, unreadHit } from './mark-read.ts';

const item = (id: number, is_read: boolean): Notification => ({
  id,
  kind: 'order_paid',
  ref: `order:${id}`,
  params: {},
  is_read,
  created_at: '2026-11-27T10:00:00.000Z',
});
const page = (list: Notification[], number: number): NotificationPage => ({
  list,
  page: number,
  limit: 2,
  has_more: number === 1,
});
const list: InfiniteData<NotificationPage> = {
  pages: [page([item(5, false), item(4, true)], 1), page([item(3, false)], 2)],
  pageParams: [1, 2],
};

describe('optimistic mark-read', () => {
  it('reads the chosen unread notification only, in a copy', () => {
    const next = markListRead(list, { ids: [3] });
    expect(next.pages.flatMap((p) => p.list.map((n) => [n.id, n.is_read]))).toEqual([
      [5, false],
      [4, true],
      [3, true],
    ]);
    expect(list.pages[1]?.list[0]?.is_read).toBe(false);
    expect(unreadHit(list, { ids: [3] })).toBe(1);
    expect(unreadHit(list, { ids: [4] })).toBe(0); // already read: the badge must not move
  });

  it('reads every loaded notification with all', () => {
    const next = markListRead(list, { all: true });
    expect(next.pages.every((p) => p.list.every((n) => n.is_read))).toBe(true);
    expect(unreadHit(list, { all: true })).toBe(2);
  });

  it('lowers the badge by what was read, keeps the service count, never below zero', () => {
    const unread = { notifications: 3, service: 2, total: 5 };
    expect(lowerUnread(unread, { ids: [3] }, 1)).toEqual({ notifications: 2, service: 2, total: 4 });
    expect(lowerUnread(unread, { ids: [3, 5] }, 9)).toEqual({ notifications: 0, service: 2, total: 2 });
    // All: unread notifications beyond the loaded pages are read too.
    expect(lowerUnread(unread, { all: true }, 1)).toEqual({ notifications: 0, service: 2, total: 2 });
    expect(lowerUnread(undefined, { all: true }, 1)).toBeUndefined();
  });
});
