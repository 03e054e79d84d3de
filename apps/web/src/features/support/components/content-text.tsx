import type { ContentKey } from '@crossmart/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { MarkupView } from '../../../shared/ui/markup-view.tsx';
import { ListSkeleton } from '../../../shared/ui/skeletons.tsx';
import { contentQuery } from '../api/support-api.ts';

/** A text page from the server in the UI language (English when it has no text in it). */
export function ContentText({ contentKey }: { contentKey: ContentKey }) {
  const lang = useTranslation().i18n.language;
  const query = useQuery(contentQuery(contentKey, lang));
  if (query.isPending) return <ListSkeleton rows={6} />;
  if (!query.data?.body) return <EmptyState kind="noRecords" />;
  return (
    <article className="cm-content" lang={query.data.lang === lang ? undefined : 'en'} data-testid="content-text">
      <MarkupView source={query.data.body} />
    </article>
  );
}
