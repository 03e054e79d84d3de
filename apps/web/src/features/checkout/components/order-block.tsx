import type { OrderPreview } from '@crossmart/contract';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useLineText } from '../../../shared/lib/use-line-text.ts';
import { useMoney } from '../../../shared/lib/use-money.ts';
import { LazyImage } from '../../../shared/ui/lazy-image.tsx';
import { ShopName } from '../../../shared/ui/shop-name.tsx';
import { AmountRows } from './amount-rows.tsx';

type PreviewOrder = OrderPreview['orders'][number];

/** One shop's order of the checkout: its items, its freight, discount and total. */
export function OrderBlock({ order }: { order: PreviewOrder }) {
  const { t } = useTranslation();
  const money = useMoney();
  const text = useLineText();
  return (
    <section className="cm-section cm-co-order" data-testid="checkout-order">
      <ShopName name={order.shop_name} as="h2" className="cm-co-order__shop" />
      <ul className="cm-co-items">
        {order.items.map((item) => (
          <li key={item.sku_id} className="cm-co-item">
            <LazyImage src={item.image} alt="" className="cm-co-item__image" />
            <div className="cm-co-item__main">
              <p className="cm-co-item__title">{item.title}</p>
              {item.specs.length > 0 && <p className="cm-co-item__specs">{text.specs(item.specs)}</p>}
              <p className="cm-co-item__foot">
                <span className="cm-co-price">{money(item.price)}</span>
                <span className="cm-co-item__qty">{text.times(item.quantity)}</span>
              </p>
            </div>
          </li>
        ))}
      </ul>
      <AmountRows
        rows={[
          {
            label: t('checkout.freight'),
            value: order.freight === 0 ? t('checkout.freeShipping') : money(order.freight),
          },
          ...(order.discount > 0
            ? [{ label: t('checkout.discount'), value: money(-order.discount), tone: 'saving' as const }]
            : []),
          { label: t('checkout.orderTotal'), value: money(order.total), tone: 'total' as const },
        ]}
      />
    </section>
  );
}
