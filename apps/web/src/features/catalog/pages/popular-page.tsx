import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { useLang } from '../api/keys.ts';
import { popularQuery } from '../api/product-list.ts';
import { ProductFeed } from '../components/product-feed.tsx';
import '../catalog.css';

/** Popular products (docs/spec.md §2 `/popular`): most favourited, then most sold, ranked. */
export default function PopularPage() {
  const { t } = useTranslation();
  return (
    <Page>
      <p className="cm-page-lead">{t('catalog.popularLead')}</p>
      <ProductFeed options={popularQuery(useLang())} ranked />
    </Page>
  );
}
