import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Page } from '../../shared/ui/page.tsx';

/** The bag tab (spec §2 `/bag`); the cart issue fills the items and the settle bar. */
export default function BagScreen() {
  const { t } = useTranslation();
  return (
    <Page>
      <EmptyState kind="noProducts" description={t('bag.emptyHint')}>
        <Link to="/home" className="cm-pill">
          {t('common.goShopping')}
        </Link>
      </EmptyState>
    </Page>
  );
}
