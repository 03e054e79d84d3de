import { useQuery } from '@tanstack/react-query';
import { BellOutline, SearchOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { whenIdle } from '../../../shared/lib/when-idle.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { Page, Section } from '../../../shared/ui/page.tsx';
import { GridSkeleton } from '../../../shared/ui/skeletons.tsx';
import { homeQuery } from '../api/home.ts';
import { useLang } from '../api/keys.ts';
import { BannerSwiper } from '../components/banner-swiper.tsx';
import { CategoryGrid } from '../components/categories.tsx';
import { ProductCard } from '../components/product-card.tsx';
import { ShopTile } from '../components/shop-card.tsx';
import '../catalog.css';

const loadRefresh = () => import('../components/home-refresh.tsx');
const HomeRefresh = lazy(loadRefresh);

function HomeHeader() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="cm-home-header">
      <h1 className="cm-wordmark">
        <span className="cm-wordmark__mark" aria-hidden="true">
          C
        </span>
        {t('app.name')}
      </h1>
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

/**
 * Where home's content shows. The content renders into one host element for the page's lifetime
 * (a portal) and this slot only moves that element in: when pull-to-refresh arrives and wraps the
 * slot, React re-creates the slot, not the content (before, the whole screen rendered a second time,
 * its pictures and swiper included, as the wrapper changed the tree above it).
 */
function ContentSlot({ host }: { host: HTMLElement }) {
  // Attached before the portal's own layout effects run (the slot comes first in the tree), so the
  // content measures itself in the document; appended only when elsewhere (a move resets focus).
  const attach = useCallback(
    (slot: HTMLDivElement | null) => {
      if (slot && host.parentNode !== slot) slot.appendChild(host);
    },
    [host],
  );
  return <div className="cm-home-slot" ref={attach} />;
}

const nbsp = '\u00a0';

/**
 * The home screen's shape while `/api/home` loads, built of the real sections' classes with a space
 * in each text's font, so banner, categories and shops keep their height when the content arrives.
 */
function HomeSkeleton() {
  const { t } = useTranslation();
  const placeholders = (count: number) => Array.from({ length: count }, (_, index) => index);
  return (
    <div aria-busy="true" data-testid="skeleton">
      <div className="cm-banners cm-skel" />
      <Section>
        <div className="cm-category-grid">
          {placeholders(10).map((index) => (
            <span key={index} className="cm-category">
              <span className="cm-category__icon cm-skel" />
              <span className="cm-category__label cm-skel cm-skel-word">{nbsp}</span>
            </span>
          ))}
        </div>
      </Section>
      <Section title={t('home.hotShops')}>
        <div className="cm-shop-strip">
          {placeholders(4).map((index) => (
            <span key={index} className="cm-shop-tile cm-shop-tile--skeleton">
              <span className="cm-shop-tile__logo cm-skel" />
              <span className="cm-shop-tile__name cm-skel cm-skel-word">{nbsp}</span>
              <span className="cm-shop-tile__rate cm-skel cm-skel-word">{nbsp}</span>
              <span className="cm-shop-tile__fans cm-skel cm-skel-word">{nbsp}</span>
            </span>
          ))}
        </div>
      </Section>
      <div className="cm-section-head-bare">
        <h2 className="cm-section__title">{t('home.hotProducts')}</h2>
      </div>
      <GridSkeleton cards={4} />
    </div>
  );
}

/** Home (docs/spec.md §2): search bar, banners, categories, hot shops and hot products from one `GET /api/home`. */
export default function HomePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const home = useQuery(homeQuery(lang));
  // The answer's screenful (banners, grid, shops) renders as a transition, in slices, instead of one
  // long task the moment the answer arrives (ADR 0018); the skeleton stays until it is ready.
  const data = useDeferredValue(home.data);
  // Pull-to-refresh (its gesture and animation libraries) loads once the content is shown and the
  // browser is idle, not beside the first screen's pictures; until then the content shows without it.
  const shown = data !== undefined;
  const [refreshReady, setRefreshReady] = useState(false);
  useEffect(() => {
    if (!shown) return;
    let live = true;
    whenIdle(() => void loadRefresh().then(() => live && setRefreshReady(true)));
    return () => {
      live = false;
    };
  }, [shown]);
  const [host] = useState(() => {
    const element = document.createElement('div');
    element.className = 'cm-home-content';
    return element;
  });
  const slot = <ContentSlot host={host} />;
  const content = data && (
    <>
      <BannerSwiper banners={data.banners} />
      <Section>
        <CategoryGrid categories={data.categories} />
      </Section>
      {data.hot_shops.length > 0 && (
        <Section title={t('home.hotShops')}>
          <div className="cm-shop-strip">
            {data.hot_shops.map((shop) => (
              <ShopTile key={shop.id} shop={shop} />
            ))}
          </div>
        </Section>
      )}
      <div className="cm-section-head-bare">
        <h2 className="cm-section__title">{t('home.hotProducts')}</h2>
        <Link className="cm-section__more" to="/popular">
          {t('common.viewAll')}
        </Link>
      </div>
      {data.hot_products.length === 0 ? (
        <EmptyState kind="noProducts" />
      ) : (
        <div className="cm-product-grid">
          {data.hot_products.map((product, index) => (
            <ProductCard key={product.id} product={product} rank={index} eager={index < 2} />
          ))}
        </div>
      )}
      <Link to="/products" className="cm-more-link">
        {t('card.allProducts')}
      </Link>
    </>
  );

  return (
    <Page header={<HomeHeader />} className="cm-home">
      {!data ? (
        home.isError ? (
          <LoadError onRetry={() => home.refetch()} />
        ) : (
          <HomeSkeleton />
        )
      ) : refreshReady ? (
        <Suspense fallback={slot}>
          <HomeRefresh onRefresh={() => home.refetch()}>{slot}</HomeRefresh>
        </Suspense>
      ) : (
        slot
      )}
      {content && createPortal(content, host)}
    </Page>
  );
}
