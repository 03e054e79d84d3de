import type { OrderItem } from '@crossmart/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLineText } from '../../../shared/lib/use-line-text.ts';
import { useMoney } from '../../../shared/lib/use-money.ts';
import { LazyImage } from '../../../shared/ui/lazy-image.tsx';

function ItemBody({ item }: { item: OrderItem }) {
  const money = useMoney();
  const text = useLineText();
  const specs = text.specs(item.specs);
  return (
    <>
      <LazyImage src={item.image} alt="" className="cm-order-item__image" />
      <span className="cm-order-item__text">
        <bdi className="cm-order-item__title">{item.title}</bdi>
        {specs && <bdi className="cm-order-item__specs">{specs}</bdi>}
      </span>
      <span className="cm-order-item__end">
        <bdi className="cm-order-item__price" dir="ltr">
          {money(item.price)}
        </bdi>
        <bdi className="cm-order-item__quantity" dir="ltr">
          {text.times(item.quantity)}
        </bdi>
      </span>
    </>
  );
}

/**
 * An order's lines; on the detail screen each opens its product (`linkShop` = the order's shop) and
 * may carry an action under it (`extra`: the review button of a completed order).
 */
export function OrderItems({
  items,
  linkShop,
  extra,
}: {
  items: readonly OrderItem[];
  linkShop?: number;
  extra?(item: OrderItem): ReactNode;
}) {
  return (
    <ul className="cm-order-items">
      {items.map((item) => (
        <li key={item.id} data-testid="order-line" data-item-id={item.id}>
          {linkShop === undefined ? (
            <div className="cm-order-item">
              <ItemBody item={item} />
            </div>
          ) : (
            <Link to={`/detail/${item.product_id}/${linkShop}`} className="cm-order-item" data-testid="order-item">
              <ItemBody item={item} />
            </Link>
          )}
          {extra?.(item)}
        </li>
      ))}
    </ul>
  );
}
