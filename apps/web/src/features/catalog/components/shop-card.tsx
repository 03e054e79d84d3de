import type { ShopCard as Card } from '@crossmart/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { LazyImage } from '../../../shared/ui/lazy-image.tsx';
import { useCompact } from './product-card.tsx';

/** "98%" or a dash while the shop has no reviews. */
export function useRate() {
  const { t } = useTranslation();
  return (rate: number | null) => (rate === null ? t('card.noRating') : `${Math.round(rate * 100)}%`);
}

/** A shop tile of the home carousel: logo, name, rating and fans. */
export function ShopTile({ shop }: { shop: Card }) {
  const { t } = useTranslation();
  const rate = useRate();
  const compact = useCompact();
  return (
    <Link to={`/shop/${shop.id}`} className="cm-shop-tile" data-testid="shop-tile">
      <LazyImage src={shop.logo} alt="" className="cm-shop-tile__logo" placeholder={shop.logo_placeholder} />
      <span className="cm-shop-tile__name" dir="auto">
        {shop.name}
      </span>
      <span className="cm-shop-tile__rate">
        <span className="cm-star" aria-hidden="true">
          ★
        </span>
        {rate(shop.favourable_rate)}
      </span>
      <span className="cm-shop-tile__fans">{t('card.salesCount', { value: compact(shop.sales) })}</span>
    </Link>
  );
}

/** A shop row of a list: logo, name, sales, fans and favourable rate; `action` on the end. */
export function ShopRow({ shop, action }: { shop: Card; action?: ReactNode }) {
  const { t } = useTranslation();
  const rate = useRate();
  const compact = useCompact();
  return (
    <div className="cm-shop-row" data-testid="shop-row">
      <Link to={`/shop/${shop.id}`} className="cm-shop-row__link">
        <LazyImage src={shop.logo} alt="" className="cm-shop-row__logo" placeholder={shop.logo_placeholder} />
        <span className="cm-shop-row__text">
          <span className="cm-shop-row__name" dir="auto">
            {shop.name}
          </span>
          <span className="cm-shop-row__stats">
            <span>{t('card.salesCount', { value: compact(shop.sales) })}</span>
            <span>{t('card.fansCount', { value: compact(shop.fans) })}</span>
            <span>{t('card.rateShort', { value: rate(shop.favourable_rate) })}</span>
          </span>
        </span>
      </Link>
      {action}
    </div>
  );
}
