import { CapsuleTabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { categories } from '../components/categories.tsx';

/** Explore (spec §2): products by category; the catalog issue brings the product list. */
export default function ExplorePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const active = params.get('category') ?? 'all';
  return (
    <Page>
      <div className="cm-sticky-tabs">
        <CapsuleTabs
          activeKey={active}
          onChange={(key) => setParams(key === 'all' ? {} : { category: key }, { replace: true })}
        >
          <CapsuleTabs.Tab key="all" title={t('explore.all')} />
          {categories.map((category) => (
            <CapsuleTabs.Tab key={category.key} title={t(`categories.${category.key}`)} />
          ))}
        </CapsuleTabs>
      </div>
      <EmptyState kind="noProducts" />
    </Page>
  );
}
