import { BellOutline, SearchOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Page, Section } from '../../../shared/ui/page.tsx';
import { CategoryGrid } from '../components/categories.tsx';

function HomeHeader() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="cm-home-header">
      <span className="cm-wordmark">
        <span className="cm-wordmark__mark" aria-hidden="true">
          C
        </span>
        {t('app.name')}
      </span>
      <button type="button" className="cm-search-trigger" onClick={() => navigate('/search')}>
        <SearchOutline aria-hidden="true" />
        <span>{t('home.searchPlaceholder')}</span>
      </button>
      <Link to="/notification" className="cm-icon-button" aria-label={t('home.notifications')}>
        <BellOutline />
      </Link>
    </div>
  );
}

/** Home (spec §2). The catalog issue fills hot shops and hot products from `GET /api/home`. */
export default function HomePage() {
  const { t } = useTranslation();
  return (
    <Page header={<HomeHeader />}>
      <div className="cm-hero">
        <span className="cm-hero__badge">{t('home.heroBadge')}</span>
        <h1 className="cm-hero__title">{t('home.heroTitle')}</h1>
        <p className="cm-hero__text">{t('home.heroText')}</p>
        <Link to="/explore" className="cm-hero__action">
          {t('home.heroAction')}
        </Link>
      </div>
      <Section title={t('home.categories')}>
        <CategoryGrid />
      </Section>
      <Section
        title={t('home.hotShops')}
        extra={
          <Link className="cm-section__more" to="/explore">
            {t('common.viewAll')}
          </Link>
        }
      >
        <EmptyState kind="noRecords" />
      </Section>
      <Section
        title={t('home.hotProducts')}
        extra={
          <Link className="cm-section__more" to="/popular">
            {t('common.viewAll')}
          </Link>
        }
      >
        <EmptyState kind="noProducts" />
      </Section>
    </Page>
  );
}
