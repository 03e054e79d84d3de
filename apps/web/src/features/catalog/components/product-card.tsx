import type { ProductCard as Card } from '@crossmart/contract';
import { Link } from 'react-router';
import { currentTag } from '../../../shared/i18n/i18n.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { compactCount, numberFormat } from '../../../shared/lib/intl-cache.ts';
import { useMoney } from '../../../shared/lib/use-money.ts';
import { LazyImage } from '../../../shared/ui/lazy-image.tsx';

/** Compact counts for badges: 1.2k, 3.4万 (Intl, in the UI language). */
export function useCompact() {
  useTranslation(); // re-render on a language switch
  return (value: number) => numberFormat(currentTag(), compactCount).format(value);
}

/** A product tile of the two-column grid: square picture, two-line title, price and units sold. */
export function ProductCard({
  product,
  rank,
  eager = false,
}: {
  product: Card;
  rank?: number | undefined;
  /** In the first viewport: the picture loads at once instead of lazily. */
  eager?: boolean;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const compact = useCompact();
  const soldOut = product.stock <= 0;
  return (
    <Link to={`/detail/${product.id}/${product.shop_id}`} className="cm-card cm-product" data-testid="product-card">
      <div className="cm-product__media">
        <LazyImage
          src={product.image}
          alt=""
          className="cm-product__image"
          sizes="(min-width: 430px) 215px, 50vw"
          placeholder={product.placeholder}
          eager={eager}
        />
        {rank !== undefined && rank < 3 && (
          <span className={`cm-rank cm-rank--${rank + 1}`}>{t('card.top', { rank: rank + 1 })}</span>
        )}
        {soldOut && <span className="cm-product__soldout">{t('card.soldOut')}</span>}
      </div>
      <div className="cm-card__body">
        <p className="cm-product__title" dir="auto">
          {product.title}
        </p>
        <div className="cm-product__meta">
          <span className="cm-price">{money(product.price)}</span>
          <span className="cm-product__sold">{t('card.sold', { value: compact(product.sold) })}</span>
        </div>
      </div>
    </Link>
  );
}
