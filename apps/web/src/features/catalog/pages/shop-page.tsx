import type { ProductSort, ShopDetail } from '@crossmart/contract';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { parseId } from '../../../shared/lib/parse-id.ts';
import { useMoney } from '../../../shared/lib/use-money.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { LazyImage } from '../../../shared/ui/lazy-image.tsx';
import { isRetryable, LoadError } from '../../../shared/ui/load-error.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { useLang } from '../api/keys.ts';
import { productListQuery } from '../api/product-list.ts';
import { shopDetailQuery } from '../api/shops.ts';
import { FollowButton } from '../components/follow-button.tsx';
import { useCompact } from '../components/product-card.tsx';
import { ProductFeed } from '../components/product-feed.tsx';
import { useRate } from '../components/shop-card.tsx';
import { SortBar } from '../components/sort-bar.tsx';
import { parseSort } from '../lib/sort-param.ts';
import '../catalog.css';
import { ShareButton } from '../components/share-button.tsx';

function ShopHeader({ shop }: { shop: ShopDetail }) {
  const { t } = useTranslation();
  const compact = useCompact();
  const rate = useRate();
  const money = useMoney();
  const stats = [
    { key: 'sales', value: compact(shop.sales), label: t('catalog.sales') },
    { key: 'fans', value: compact(shop.fans), label: t('catalog.fans') },
    { key: 'rate', value: rate(shop.favourable_rate), label: t('catalog.favourableRate') },
    { key: 'products', value: compact(shop.product_count), label: t('catalog.products') },
  ];
  return (
    <div className="cm-shop-head">
      <div className="cm-shop-head__banner">
        <LazyImage
          src={shop.banner}
          alt=""
          className="cm-shop-head__banner-image"
          sizes="(min-width: 430px) 430px, 100vw"
          width={750}
          height={300}
          priority
          placeholder={shop.banner_placeholder}
        />
      </div>
      <div className="cm-shop-head__card">
        <div className="cm-shop-head__id">
          <LazyImage src={shop.logo} alt="" className="cm-shop-head__logo" />
          <div className="cm-shop-head__text">
            <h2 className="cm-shop-head__name" data-testid="shop-name">
              {shop.name}
            </h2>
            <span className="cm-shop-head__turnover">{t('catalog.turnover', { amount: money(shop.total_sales) })}</span>
          </div>
          <FollowButton shopId={shop.id} isFollowed={shop.is_followed} />
        </div>
        <dl className="cm-shop-head__stats">
          {stats.map((stat) => (
            <div key={stat.key} className="cm-shop-head__stat" data-testid={`shop-${stat.key}`}>
              <dt>{stat.label}</dt>
              <dd>{stat.value}</dd>
            </div>
          ))}
        </dl>
        {shop.description && <p className="cm-shop-head__description">{shop.description}</p>}
      </div>
    </div>
  );
}

/** A shop (docs/spec.md §2 `/shop/:id?`): header with banner, logo, figures and follow; its products with sort. */
export default function ShopPage() {
  const lang = useLang();
  const { id: rawId } = useParams();
  const id = parseId(rawId) ?? 0;
  const token = useSession((state) => state.token);
  const [params, setParams] = useSearchParams();
  const sort = parseSort(params.get('sort'));
  const shop = useQuery(shopDetailQuery(lang, id, token));
  const change = (next: ProductSort | undefined) => setParams(next ? { sort: next } : {}, { replace: true });
  if (!id || (shop.isError && !isRetryable(shop.error))) {
    return (
      <Page>
        <EmptyState kind="noProducts" />
      </Page>
    );
  }
  if (shop.isError) {
    return (
      <Page>
        <LoadError onRetry={() => shop.refetch()} />
      </Page>
    );
  }
  return (
    <Page
      title={shop.data?.name}
      className="cm-shop-screen"
      right={shop.data ? <ShareButton title={shop.data.name} /> : undefined}
    >
      <ProductFeed
        options={productListQuery(lang, { shop_id: id, sort })}
        onRefresh={() => shop.refetch()}
        header={
          <>
            {shop.data ? (
              <ShopHeader shop={shop.data} />
            ) : (
              <div className="cm-shop-head cm-skeleton-block" aria-busy="true" data-testid="skeleton" />
            )}
            <SortBar value={sort} onChange={change} />
          </>
        }
      />
    </Page>
  );
}
