import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { useRouteMeta } from '../../shared/ui/route-meta.ts';

/**
 * The frame of a screen that a later issue fills: its title, back button and the empty state the
 * route table names ("not yet open" for forms). Never a blank page.
 */
export default function PlaceholderScreen() {
  const { t } = useTranslation();
  const { empty = 'noRecords' } = useRouteMeta();
  return (
    <Page>
      {empty === 'notOpen' ? (
        <EmptyState kind="noRecords" description={t('common.notOpen')}>
          <p className="cm-empty__hint">{t('common.notOpenHint')}</p>
          <Link to="/home" className="cm-pill">
            {t('common.backHome')}
          </Link>
        </EmptyState>
      ) : (
        <EmptyState kind={empty} />
      )}
    </Page>
  );
}
