import type { Complaint } from '@crossmart/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { PagedList } from '../../../shared/ui/paged-list.tsx';
import { myComplaintsQuery } from '../api/support-api.ts';
import { formatDateTime } from '../components/format.ts';
import '../support.css';

function ComplaintCard({ complaint }: { complaint: Complaint }) {
  const { t } = useTranslation();
  const isHandled = complaint.status === 1;
  return (
    <article className="cm-complaint" data-testid="complaint">
      <header className="cm-complaint__head">
        <span className="cm-complaint__shop" dir="auto">
          {complaint.shop_name}
        </span>
        <span className={`cm-complaint__status cm-complaint__status--${isHandled ? 'handled' : 'open'}`}>
          {t(isHandled ? 'support.statusHandled' : 'support.statusOpen')}
        </span>
      </header>
      <p className="cm-complaint__content" dir="auto">
        {complaint.content}
      </p>
      {complaint.images.length > 0 && (
        <p className="cm-complaint__meta">{t('support.pictureCount', { count: complaint.images.length })}</p>
      )}
      <time className="cm-complaint__meta" dateTime={complaint.created_at}>
        {formatDateTime(complaint.created_at)}
      </time>
      {isHandled ? (
        <div className="cm-complaint__reply" data-testid="complaint-reply">
          <span className="cm-complaint__reply-label">{t('support.platformReply')}</span>
          <p dir="auto">{complaint.reply}</p>
          {complaint.handled_at && <time dateTime={complaint.handled_at}>{formatDateTime(complaint.handled_at)}</time>}
        </div>
      ) : (
        <p className="cm-complaint__waiting">{t('support.waitingReply')}</p>
      )}
    </article>
  );
}

/** The user's complaints and the platform's replies (newest first). */
export default function MyComplaintsPage() {
  const { t } = useTranslation();
  const query = useInfiniteQuery(myComplaintsQuery());
  return (
    <Page
      right={
        <Link to="/complaint" className="cm-link">
          {t('support.new')}
        </Link>
      }
    >
      <PagedList<Complaint>
        items={query.data?.pages.flatMap((page) => page.list) ?? []}
        hasMore={query.hasNextPage}
        isLoading={query.isPending}
        failed={query.isError}
        loadMore={() => query.fetchNextPage()}
        refresh={() => query.refetch()}
        getKey={(complaint) => complaint.id}
        empty="noRecords"
        renderItem={(complaint) => <ComplaintCard complaint={complaint} />}
      />
    </Page>
  );
}
