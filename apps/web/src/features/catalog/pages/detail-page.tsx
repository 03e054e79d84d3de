import type { ProductDetail } from '@crossmart/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HeartFill, HeartOutline, RightOutline, ShopbagOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { productDetailKey } from '../../../shared/api/query-keys.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { parseId } from '../../../shared/lib/parse-id.ts';
import { useMoney } from '../../../shared/lib/use-money.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { toast } from '../../../shared/ui/feedback.ts';
import { LazyImage } from '../../../shared/ui/lazy-image.tsx';
import { isRetryable, LoadError } from '../../../shared/ui/load-error.tsx';
import { Page, Section } from '../../../shared/ui/page.tsx';
import { loadedOnce, useLoadedWhen } from '../../../shared/ui/use-loaded-when.ts';
import { setFavourite } from '../api/favourites.ts';
import { useLang } from '../api/keys.ts';
import { productDetailQuery } from '../api/product-detail.ts';
import { FollowButton } from '../components/follow-button.tsx';
import { Gallery } from '../components/gallery.tsx';
import { useCompact } from '../components/product-card.tsx';
import { QuantityStepper } from '../components/quantity-stepper.tsx';
import { ReviewItem } from '../components/review-item.tsx';
import { ReviewSummary } from '../components/review-summary.tsx';
import { useRate } from '../components/shop-card.tsx';
import { type Choice, chosenSku, isAvailable, priceRange } from '../lib/spec-picker.ts';
import '../catalog.css';
import { rememberViewed } from '../../../shared/lib/recently-viewed.ts';
import { whenIdle } from '../../../shared/lib/when-idle.ts';
import { ShareButton } from '../components/share-button.tsx';
import { guessFavourite } from '../lib/optimistic.ts';

/** What "add to bag" and "buy now" hand over (wired in app/screens/detail-screen.tsx). */
export interface CartSelection {
  product_id: number;
  shop_id: number;
  sku_id: number;
  quantity: number;
}

export interface DetailPageProps {
  onAddToCart(selection: CartSelection): void;
  onBuyNow(selection: CartSelection): void;
}

// Every review in a sheet (with its list and pull-to-refresh): loaded when first opened, not with the page.
const reviewsPopup = loadedOnce(() => import('../components/reviews-popup.tsx').then((module) => module.ReviewsPopup));

function DetailSkeleton() {
  return (
    <div className="cm-detail" aria-busy="true" data-testid="skeleton">
      <div className="cm-gallery cm-skeleton-block" />
      <div className="cm-detail__summary">
        <span className="cm-skeleton-line cm-skeleton-line--price" />
        <span className="cm-skeleton-line" />
        <span className="cm-skeleton-line cm-skeleton-line--short" />
      </div>
    </div>
  );
}

function useFavourite(product: ProductDetail) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSession((state) => state.token);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (favourite: boolean) => setFavourite(product.id, favourite),
    // The heart changes at once; a refused call puts the cache back (the API client toasts why).
    onMutate: async (favourite: boolean) => {
      await queryClient.cancelQueries({ queryKey: productDetailKey });
      const saved = queryClient.getQueriesData({ queryKey: productDetailKey });
      queryClient.setQueriesData<ProductDetail>({ queryKey: productDetailKey }, (old) =>
        guessFavourite(old, product.id, favourite),
      );
      return { saved };
    },
    onError: (_error, _favourite, context) => {
      for (const [key, data] of context?.saved ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (result) => {
      queryClient.setQueriesData<ProductDetail>({ queryKey: productDetailKey }, (old) =>
        old && old.id === result.product_id
          ? { ...old, is_favourite: result.is_favourite, favourite_count: result.favourite_count }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: ['favourite-list'] });
      toast(t(result.is_favourite ? 'catalog.favourited' : 'catalog.unfavourited'), 'success');
    },
  });
  return () => {
    if (!token) navigate('/login');
    else mutation.mutate(!product.is_favourite);
  };
}

function ProductView({ product, onAddToCart, onBuyNow }: { product: ProductDetail } & DetailPageProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const compact = useCompact();
  const rate = useRate();
  const names = product.specs.map((spec) => spec.name);
  const [choice, setChoice] = useState<Choice>({});
  const [quantity, setQuantity] = useState(1);
  const [reviewsOpen, setReviewsOpen] = useState(false);
  const [reviewsWithPictures, setReviewsWithPictures] = useState(false);
  const ReviewsPopup = useLoadedWhen(reviewsOpen, reviewsPopup);
  const hasReviews = product.review_count > 0;
  // Warmed once the screen is idle, so that the first opening does not wait for its code.
  useEffect(() => {
    if (hasReviews) whenIdle(() => void reviewsPopup.load());
  }, [hasReviews]);
  const openReviews = (withPictures: boolean) => {
    setReviewsWithPictures(withPictures);
    setReviewsOpen(true);
  };
  const picker = useRef<HTMLDivElement>(null);
  const toggleFavourite = useFavourite(product);
  const sku = chosenSku(product.skus, names, choice);
  const range = priceRange(product.skus, choice);
  // Remembered on this device for the me page and an empty bag (shared/lib/recently-viewed.ts).
  useEffect(() => {
    rememberViewed({
      id: product.id,
      shop_id: product.shop_id,
      title: product.title,
      image: product.images[0] ?? '',
      price: product.price,
    });
  }, [product.id, product.shop_id, product.title, product.images, product.price]);
  const stock = sku ? sku.stock : product.stock;
  const soldOut = stock <= 0;

  const select = (): CartSelection | undefined => {
    if (!sku) {
      toast(t('catalog.chooseSpec'));
      picker.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      return undefined;
    }
    return { product_id: product.id, shop_id: product.shop_id, sku_id: sku.id, quantity };
  };

  return (
    <>
      <div className="cm-detail">
        <Gallery images={product.images} placeholders={product.placeholders} title={product.title} />
        <div className="cm-detail__summary">
          <div className="cm-detail__price-row">
            <span className="cm-price cm-price--large" data-testid="detail-price">
              {sku || range.min === range.max
                ? money(sku ? sku.price : range.min)
                : t('catalog.priceFrom', { price: money(range.min) })}
            </span>
            <button
              type="button"
              className={`cm-fav${product.is_favourite ? ' cm-fav--on' : ''}`}
              aria-pressed={product.is_favourite}
              aria-label={`${t(product.is_favourite ? 'catalog.unfavourite' : 'catalog.favourite')} ${compact(product.favourite_count)}`}
              onClick={toggleFavourite}
              data-testid="favourite-button"
            >
              {product.is_favourite ? <HeartFill /> : <HeartOutline />}
              <span>{compact(product.favourite_count)}</span>
            </button>
          </div>
          <h2 className="cm-detail__title">{product.title}</h2>
          <div className="cm-detail__facts">
            <span className={`cm-badge${product.freight === 0 ? ' cm-badge--free' : ''}`}>
              {product.freight === 0
                ? t('catalog.freeShipping')
                : t('catalog.freight', { price: money(product.freight) })}
            </span>
            <span>{t('card.sold', { value: compact(product.sold) })}</span>
            <span className={soldOut ? 'cm-detail__stock--out' : undefined} data-testid="detail-stock">
              {soldOut ? t('card.soldOut') : t('catalog.stock', { value: stock })}
            </span>
          </div>
        </div>

        <Section title={t('detail.specs')}>
          <div ref={picker} className="cm-specs" data-testid="spec-picker">
            {product.specs.length === 0 ? (
              <p className="cm-specs__none" data-testid="no-specs">
                {t('empty.noSpecs')}
              </p>
            ) : (
              product.specs.map((spec) => (
                <fieldset key={spec.name} className="cm-spec">
                  <legend className="cm-spec__name">{spec.name}</legend>
                  <div className="cm-spec__values">
                    {spec.values.map((value) => {
                      const on = choice[spec.name] === value;
                      const available = isAvailable(product.skus, choice, spec.name, value);
                      return (
                        <button
                          key={value}
                          type="button"
                          className={`cm-spec__value${on ? ' cm-spec__value--on' : ''}`}
                          aria-pressed={on}
                          disabled={!available && !on}
                          onClick={() => {
                            const next = { ...choice };
                            if (on) delete next[spec.name];
                            else next[spec.name] = value;
                            setChoice(next);
                            setQuantity(1);
                          }}
                        >
                          {value}
                        </button>
                      );
                    })}
                  </div>
                </fieldset>
              ))
            )}
            <div className="cm-spec cm-spec--quantity">
              <span className="cm-spec__name">{t('catalog.quantity')}</span>
              <QuantityStepper
                min={1}
                max={Math.max(1, stock)}
                value={quantity}
                disabled={soldOut}
                onChange={setQuantity}
                label={t('catalog.quantity')}
              />
            </div>
          </div>
        </Section>

        <Section>
          <div className="cm-shop-card">
            <Link to={`/shop/${product.shop.id}`} className="cm-shop-card__main" data-testid="detail-shop">
              <LazyImage src={product.shop.logo} alt="" className="cm-shop-card__logo" />
              <span className="cm-shop-card__text">
                <span className="cm-shop-card__name" dir="auto">
                  {product.shop.name}
                </span>
                <span className="cm-shop-card__stats">
                  {t('card.fansCount', { value: compact(product.shop.fans) })} ·{' '}
                  {t('card.rateShort', { value: rate(product.shop.favourable_rate) })}
                </span>
              </span>
            </Link>
            <FollowButton shopId={product.shop.id} isFollowed={product.shop.is_followed} />
          </div>
          <Link to={`/shop/${product.shop.id}`} className="cm-shop-card__visit">
            {t('catalog.visitShop', { value: product.shop.product_count })}
            <RightOutline aria-hidden="true" />
          </Link>
        </Section>

        <Section
          title={t('catalog.reviewsCount', { value: product.review_count })}
          extra={
            product.review_count > 0 && (
              <button
                type="button"
                className="cm-section__more"
                onClick={() => openReviews(false)}
                data-testid="reviews-open"
              >
                {product.favourable_rate !== null && t('card.rateShort', { value: rate(product.favourable_rate) })}{' '}
                {t('common.viewAll')}
              </button>
            )
          }
        >
          {product.reviews_preview.length === 0 ? (
            <p className="cm-muted">{t('catalog.noReviews')}</p>
          ) : (
            <>
              <ReviewSummary summary={product.review_summary} />
              {product.reviews_preview.slice(0, 2).map((review) => (
                <ReviewItem key={review.id} review={review} />
              ))}
              {product.review_summary.with_pictures > 0 && (
                <button
                  type="button"
                  className="cm-chip cm-review-pictures-link"
                  onClick={() => openReviews(true)}
                  data-testid="reviews-open-pictures"
                >
                  {t('reviews.withPictures', { value: product.review_summary.with_pictures })}
                </button>
              )}
            </>
          )}
        </Section>

        <Section title={t('detail.description')}>
          <p className="cm-detail__description">{product.description}</p>
        </Section>
      </div>
      {ReviewsPopup && (
        <ReviewsPopup
          productId={product.id}
          open={reviewsOpen}
          withPictures={reviewsWithPictures}
          onFilter={setReviewsWithPictures}
          onClose={() => setReviewsOpen(false)}
        />
      )}
      <div className="cm-action-bar">
        <Link to={`/shop/${product.shop.id}`} className="cm-action-bar__icon">
          <ShopbagOutline aria-hidden="true" />
          <span>{t('detail.shop')}</span>
        </Link>
        <button
          type="button"
          className="cm-action-bar__secondary"
          disabled={soldOut}
          onClick={() => {
            const selection = select();
            if (selection) onAddToCart(selection);
          }}
        >
          {t('detail.addToBag')}
        </button>
        <button
          type="button"
          className="cm-action-bar__primary"
          disabled={soldOut}
          onClick={() => {
            const selection = select();
            if (selection) onBuyNow(selection);
          }}
        >
          {t('detail.buyNow')}
        </button>
      </div>
    </>
  );
}

/** Product detail (docs/spec.md §2 `/detail/:product?/:mer?`), the one screen that is not kept alive. */
export default function DetailPage(props: DetailPageProps) {
  const params = useParams();
  const id = parseId(params.product) ?? 0;
  const token = useSession((state) => state.token);
  const detail = useQuery(productDetailQuery(useLang(), id, token));
  return (
    <Page right={detail.data ? <ShareButton title={detail.data.title} text={detail.data.shop.name} /> : undefined}>
      {detail.data ? (
        <ProductView key={detail.data.id} product={detail.data} {...props} />
      ) : detail.isPending && id > 0 ? (
        <DetailSkeleton />
      ) : detail.isError && isRetryable(detail.error) ? (
        <LoadError onRetry={() => detail.refetch()} />
      ) : (
        <EmptyState kind="noProducts" />
      )}
    </Page>
  );
}
