import type { AssistRecord } from '@crossmart/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { currentTag } from '../../../shared/i18n/i18n.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { dateTimeFormat } from '../../../shared/lib/intl-cache.ts';
import { LazyImage } from '../../../shared/ui/lazy-image.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { PagedList } from '../../../shared/ui/paged-list.tsx';
import { assistListQuery } from '../api/support-api.ts';
import '../support.css';

/** The support record (docs/spec.md §2 `/mutualAidhHistroy`): newest first, pull to refresh, load more. */
export default function MutualAidHistoryPage() {
  const { t } = useTranslation();
  const query = useInfiniteQuery(assistListQuery());
  // The day is a platform calendar day: shown as that date, whatever the browser's zone.
  const dayFormat = dateTimeFormat(currentTag(), { dateStyle: 'medium', timeZone: 'UTC' });
  const total = query.data?.pages[0]?.total;
  return (
    <Page>
      <PagedList<AssistRecord>
        items={query.data?.pages.flatMap((page) => page.list) ?? []}
        hasMore={query.hasNextPage}
        isLoading={query.isPending}
        failed={query.isError}
        loadMore={() => query.fetchNextPage()}
        refresh={() => query.refetch()}
        getKey={(record) => record.id}
        empty="noRecords"
        header={
          total !== undefined && total > 0 ? (
            <p className="cm-aid-history__total">{t('mutualAid.daysTotal', { count: total })}</p>
          ) : undefined
        }
        renderItem={(record) => (
          <Link to={`/shop/${record.shop.id}`} className="cm-aid-record" data-testid="aid-record">
            <LazyImage src={record.shop.logo} alt="" className="cm-aid-record__logo" />
            <span className="cm-aid-record__text">
              <span className="cm-aid-record__name">{record.shop.name}</span>
              <span className="cm-aid-record__meta">
                {t('mutualAid.shopDays', { count: record.shop.support_days })}
              </span>
            </span>
            <time className="cm-aid-record__day" dateTime={record.day}>
              {dayFormat.format(new Date(`${record.day}T00:00:00Z`))}
            </time>
          </Link>
        )}
      />
    </Page>
  );
}
