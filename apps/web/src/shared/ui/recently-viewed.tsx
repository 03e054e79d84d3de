import { Link } from 'react-router';
import { useTranslation } from '../i18n/use-translation.ts';
import { useRecentlyViewed } from '../lib/recently-viewed.ts';
import { useMoney } from '../lib/use-money.ts';
import { LazyImage } from './lazy-image.tsx';

/** A horizontal strip of the products viewed on this device (me page, empty bag); nothing when empty. */
export function RecentlyViewed() {
  const { t } = useTranslation();
  const money = useMoney();
  const list = useRecentlyViewed();
  if (list.length === 0) return null;
  return (
    <section className="cm-recent" aria-label={t('recent.title')} data-testid="recently-viewed">
      <h2 className="cm-recent__title">{t('recent.title')}</h2>
      <div className="cm-recent__row">
        {list.map((product) => (
          <Link
            key={product.id}
            to={`/detail/${product.id}/${product.shop_id}`}
            className="cm-recent__item"
            aria-label={product.title}
          >
            <LazyImage src={product.image} alt="" className="cm-recent__image" sizes="92px" />
            <span className="cm-recent__price">{money(product.price)}</span>
          </Link>
        ))}
      </div>
    </section>
  );
}
