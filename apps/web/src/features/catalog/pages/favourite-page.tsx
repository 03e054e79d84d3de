import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Tabs } from 'antd-mobile';
import { Link, useSearchParams } from 'react-router';
import { productDetailKey } from '../../../shared/api/query-keys.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useMoney } from '../../../shared/lib/use-money.ts';
import { confirm, toast } from '../../../shared/ui/feedback.ts';
import { LazyImage } from '../../../shared/ui/lazy-image.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { PagedList } from '../../../shared/ui/paged-list.tsx';
import {
  type FavouriteProduct,
  type FollowedShop,
  favouriteListQuery,
  followListQuery,
  setFavourite,
} from '../api/favourites.ts';
import { flatten, useLang } from '../api/keys.ts';
import { setFollow } from '../api/shops.ts';
import { ShopRow } from '../components/shop-card.tsx';
import '../catalog.css';
import { currentDir } from '../../../shared/i18n/i18n.ts';

function FavouriteProducts() {
  const { t } = useTranslation();
  const money = useMoney();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(favouriteListQuery(useLang()));
  const remove = useMutation({
    mutationFn: (productId: number) => setFavourite(productId, false),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['favourite-list'] });
      void queryClient.invalidateQueries({ queryKey: productDetailKey });
      toast(t('catalog.unfavourited'), 'success');
    },
  });
  return (
    <PagedList<FavouriteProduct>
      items={flatten(query.data?.pages)}
      hasMore={query.hasNextPage}
      isLoading={query.isPending}
      failed={query.isError}
      loadMore={() => query.fetchNextPage()}
      refresh={() => query.refetch()}
      getKey={(product) => product.id}
      empty="noProducts"
      renderItem={(product) => (
        <div className={`cm-fav-row${product.on_sale ? '' : ' cm-fav-row--off'}`} data-testid="favourite-product">
          <Link to={`/detail/${product.id}/${product.shop_id}`} className="cm-fav-row__link">
            <LazyImage
              src={product.image}
              alt=""
              className="cm-fav-row__image"
              sizes="84px"
              placeholder={product.placeholder}
            />
            <span className="cm-fav-row__text">
              <span className="cm-fav-row__title">{product.title}</span>
              {product.on_sale ? (
                <span className="cm-price">{money(product.price)}</span>
              ) : (
                <span className="cm-badge">{t('catalog.offShelf')}</span>
              )}
            </span>
          </Link>
          <button
            type="button"
            className="cm-remove"
            disabled={remove.isPending}
            onClick={async () => {
              if (await confirm({ content: t('catalog.removeFavouriteConfirm') })) remove.mutate(product.id);
            }}
          >
            {t('catalog.remove')}
          </button>
        </div>
      )}
    />
  );
}

function FollowedShops() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(followListQuery(useLang()));
  const unfollow = useMutation({
    mutationFn: (shopId: number) => setFollow(shopId, false),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['follow-list'] });
      void queryClient.invalidateQueries({ queryKey: ['shop-detail'] });
      void queryClient.invalidateQueries({ queryKey: productDetailKey });
      toast(t('catalog.unfollowed'), 'success');
    },
  });
  return (
    <PagedList<FollowedShop>
      items={flatten(query.data?.pages)}
      hasMore={query.hasNextPage}
      isLoading={query.isPending}
      failed={query.isError}
      loadMore={() => query.fetchNextPage()}
      refresh={() => query.refetch()}
      getKey={(shop) => shop.id}
      empty="noRecords"
      renderItem={(shop) => (
        <ShopRow
          shop={shop}
          action={
            <button
              type="button"
              className="cm-remove"
              disabled={unfollow.isPending}
              onClick={async () => {
                if (await confirm({ content: t('catalog.unfollowConfirm', { name: shop.name }) }))
                  unfollow.mutate(shop.id);
              }}
            >
              {t('catalog.unfollow')}
            </button>
          }
        />
      )}
    />
  );
}

/** My favourites (docs/spec.md §2 `/myFavourite`): favourite products and followed shops, each removable. */
export default function FavouritePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'shops' ? 'shops' : 'products';
  return (
    <Page>
      <Tabs
        direction={currentDir()}
        className="cm-fav-tabs"
        activeKey={tab}
        onChange={(key) => setParams(key === 'shops' ? { tab: 'shops' } : {}, { replace: true })}
      >
        <Tabs.Tab key="products" title={t('catalog.favouriteProducts')}>
          <FavouriteProducts />
        </Tabs.Tab>
        <Tabs.Tab key="shops" title={t('catalog.followedShops')}>
          <FollowedShops />
        </Tabs.Tab>
      </Tabs>
    </Page>
  );
}
