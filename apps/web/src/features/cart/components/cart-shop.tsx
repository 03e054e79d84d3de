import type { CartLine, CartList } from '@crossmart/contract';
import { Checkbox } from 'antd-mobile';
import { ShopName } from '../../../shared/ui/shop-name.tsx';
import { type CheckState, groupCheck, linesToFlip } from '../lib/cart-changes.ts';
import { CartLineRow } from './cart-line.tsx';

export interface CartShopProps {
  shop: CartList['shops'][number];
  editing: boolean;
  /** The lines the shop's box covers (available ones when settling, all when editing). */
  choosable(line: CartLine): boolean;
  isChecked(line: CartLine): boolean;
  onCheckLines(ids: number[], checked: boolean): void;
  onQuantity(line: CartLine, quantity: number): void;
  onDelete(line: CartLine): void;
}

export function boxProps(state: CheckState) {
  return { checked: state === 'all', indeterminate: state === 'some' };
}

/** One shop's lines under its name (a link to the shop) and a box for all of them. */
export function CartShop({ shop, editing, choosable, isChecked, onCheckLines, onQuantity, onDelete }: CartShopProps) {
  const lines = shop.items.filter(choosable);
  const state = groupCheck(lines, isChecked);
  return (
    <section className="cm-bag-shop" data-testid="bag-shop">
      <header className="cm-bag-shop__head">
        <Checkbox
          className="cm-bag-check"
          {...boxProps(state)}
          disabled={lines.length === 0}
          onChange={(checked) => onCheckLines(linesToFlip(lines, isChecked, checked), checked)}
        >
          <span className="cm-sr-only">{shop.shop_name}</span>
        </Checkbox>
        <ShopName name={shop.shop_name} shopId={shop.shop_id} chevron />
      </header>
      <ul className="cm-bag-shop__lines">
        {shop.items.map((line) => (
          <li key={line.id}>
            <CartLineRow
              line={line}
              shopId={shop.shop_id}
              editing={editing}
              // An off-sale line never shows as chosen for settling, whatever its stored flag.
              checked={choosable(line) && isChecked(line)}
              onCheck={(checked) => onCheckLines([line.id], checked)}
              onQuantity={(quantity) => onQuantity(line, quantity)}
              onDelete={() => onDelete(line)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
