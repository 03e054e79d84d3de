import type { ContentKey } from '@crossmart/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { MarkupView } from '../../../shared/ui/markup-view.tsx';
import { ListSkeleton } from '../../../shared/ui/skeletons.tsx';
import { contentQuery } from '../api/support-api.ts';

/** A text page from the server in the UI language (English when it has no text in it). */
export function ContentText({ contentKey }: { contentKey: ContentKey }) {
  const lang = useTranslation().i18n.language;
  const query = useQuery(contentQuery(contentKey, lang));
  if (query.isPending) return <ListSkeleton rows={6} thumb={false} />;
  if (query.isError) return <LoadError onRetry={() => query.refetch()} />;
  if (!query.data?.body) return <EmptyState kind="noRecords" />;
  // The English fallback in a right-to-left interface still reads left to right.
  const isFallback = query.data.lang !== lang;
  return (
    <article className="cm-content" {...(isFallback ? { lang: 'en', dir: 'ltr' } : {})} data-testid="content-text">
      <MarkupView source={query.data.body} />
    </article>
  );
}
