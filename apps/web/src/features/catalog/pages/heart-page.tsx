import { useInfiniteQuery } from '@tanstack/react-query';
import { HeartOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { Page, Section } from '../../../shared/ui/page.tsx';
import { GridSkeleton, ListSkeleton } from '../../../shared/ui/skeletons.tsx';
import { favouriteListQuery, followListQuery } from '../api/favourites.ts';
import { flatten, useLang } from '../api/keys.ts';
import { ProductCard } from '../components/product-card.tsx';
import { ShopTile } from '../components/shop-card.tsx';
import '../catalog.css';

const previewCount = 6;

function EmptyHint({ text, to, action }: { text: string; to: string; action: string }) {
  return (
    <div className="cm-heart-empty">
      <p>{text}</p>
      <Link to={to} className="cm-pill">
        {action}
      </Link>
    </div>
  );
}

/**
 * `/heart`: the user's followed shops and favourite products in one place, each with a short
 * preview and a way to the full, editable lists of `/myFavourite`.
 */
export default function HeartPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const shops = useInfiniteQuery(followListQuery(lang));
  const favourites = useInfiniteQuery(favouriteListQuery(lang));
  const shopList = flatten(shops.data?.pages);
  const productList = flatten(favourites.data?.pages);

  return (
    <Page className="cm-heart">
      <div className="cm-heart-hero">
        <HeartOutline className="cm-heart-hero__icon" />
        <p className="cm-heart-hero__title">{t('heart.title')}</p>
        <p className="cm-heart-hero__text">{t('heart.subtitle')}</p>
      </div>
      <Section
        title={t('heart.followedShops')}
        extra={
          shopList.length > 0 && (
            <Link className="cm-section__more" to="/myFavourite?tab=shops">
              {t('common.viewAll')}
            </Link>
          )
        }
      >
        {shops.isPending ? (
          <ListSkeleton rows={1} />
        ) : shops.isError ? (
          <LoadError compact onRetry={() => shops.refetch()} />
        ) : shopList.length === 0 ? (
          <EmptyHint text={t('heart.noShops')} to="/explore" action={t('heart.discoverShops')} />
        ) : (
          <div className="cm-shop-strip" data-testid="heart-shops">
            {shopList.slice(0, 10).map((shop) => (
              <ShopTile key={shop.id} shop={shop} />
            ))}
          </div>
        )}
      </Section>

      <Section
        title={t('heart.favouriteProducts')}
        extra={
          productList.length > 0 && (
            <Link className="cm-section__more" to="/myFavourite">
              {t('common.viewAll')}
            </Link>
          )
        }
      >
        {favourites.isPending ? (
          <GridSkeleton cards={2} />
        ) : favourites.isError ? (
          <LoadError compact onRetry={() => favourites.refetch()} />
        ) : productList.length === 0 ? (
          <EmptyHint text={t('heart.noProducts')} to="/popular" action={t('heart.discoverProducts')} />
        ) : (
          <div className="cm-product-grid cm-heart__grid" data-testid="heart-products">
            {productList.slice(0, previewCount).map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </div>
        )}
      </Section>
    </Page>
  );
}
