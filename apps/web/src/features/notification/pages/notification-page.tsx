import type { Notification } from '@crossmart/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import {
  BankcardOutline,
  MessageOutline,
  PayCircleOutline,
  ReceiptOutline,
  SoundOutline,
  StarOutline,
  TruckOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { formatDate, formatRelative, formatTime, useNow } from '../../../shared/lib/format-time.ts';
import { useMoney } from '../../../shared/lib/use-money.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { PagedList } from '../../../shared/ui/paged-list.tsx';
import { notificationListQuery } from '../api/notifications.ts';
import { useMarkRead } from '../hooks/use-mark-read.ts';
import { dayOf, notificationLink, notificationParams } from '../notification-view.ts';
import '../notification.css';

const icons: Record<string, ReactNode> = {
  order_paid: <PayCircleOutline />,
  order_shipped: <TruckOutline />,
  order_delivered: <ReceiptOutline />,
  recharge_passed: <BankcardOutline />,
  recharge_refused: <BankcardOutline />,
  withdrawal_passed: <BankcardOutline />,
  withdrawal_refused: <BankcardOutline />,
  service_reply: <MessageOutline />,
  order_reviewed: <StarOutline />,
};

function dayLabel(iso: string, t: (key: string) => string): string {
  const day = dayOf(iso);
  if (day === dayOf(new Date().toISOString())) return t('notification.today');
  if (day === dayOf(new Date(Date.now() - 86_400_000).toISOString())) return t('notification.yesterday');
  return formatDate(iso);
}

/** `/notification`: what happened, grouped by day; opening one reads it and goes to the thing concerned. */
export default function NotificationPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const navigate = useNavigate();
  const markRead = useMarkRead();
  const query = useInfiniteQuery(notificationListQuery());
  const now = useNow();
  const items = query.data?.pages.flatMap((page) => page.list) ?? [];
  const hasUnread = items.some((item) => !item.is_read);

  function open(item: Notification) {
    if (!item.is_read) markRead.mutate({ ids: [item.id] });
    const link = notificationLink(item);
    if (link) navigate(link);
  }

  return (
    <Page
      className="cm-notifications"
      right={
        <button
          type="button"
          className="cm-notifications__all"
          disabled={!hasUnread}
          onClick={() => markRead.mutate({ all: true })}
        >
          {t('notification.readAll')}
        </button>
      }
    >
      <PagedList
        items={items}
        hasMore={query.hasNextPage}
        isLoading={query.isPending}
        failed={query.isError}
        loadMore={() => query.fetchNextPage()}
        refresh={() => query.refetch()}
        getKey={(item) => item.id}
        empty="noRecords"
        renderItem={(item, index) => {
          const previous = items[index - 1];
          const startsDay = !previous || dayOf(previous.created_at) !== dayOf(item.created_at);
          const params = notificationParams(item, money);
          return (
            <>
              {startsDay && <h2 className="cm-notifications__day">{dayLabel(item.created_at, t)}</h2>}
              <button
                type="button"
                className={`cm-alert-row${item.is_read ? '' : ' cm-alert-row--unread'}`}
                data-testid="notification"
                onClick={() => open(item)}
              >
                <span
                  className={`cm-alert-row__icon cm-alert-row__icon--${item.kind.split('_')[0]}`}
                  aria-hidden="true"
                >
                  {icons[item.kind] ?? <SoundOutline />}
                </span>
                <span className="cm-alert-row__text">
                  <span className="cm-alert-row__head">
                    <strong className="cm-alert-row__title">{t(`notification.${item.kind}.title`, params)}</strong>
                    <time className="cm-alert-row__time" dateTime={item.created_at} title={formatTime(item.created_at)}>
                      {formatRelative(item.created_at, now)}
                    </time>
                  </span>
                  <span className="cm-alert-row__body">{t(`notification.${item.kind}.body`, params)}</span>
                </span>
                {!item.is_read && (
                  <span className="cm-alert-row__dot">
                    <span className="cm-sr-only">{t('notification.unread')}</span>
                  </span>
                )}
              </button>
            </>
          );
        }}
      />
    </Page>
  );
}
