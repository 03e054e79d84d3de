import type { CartLine } from '@crossmart/contract';
import { Checkbox, Stepper, SwipeAction } from 'antd-mobile';
import { Link } from 'react-router';
import { currentDir } from '../../../shared/i18n/i18n.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useLineText } from '../../../shared/lib/use-line-text.ts';
import { useMoney } from '../../../shared/lib/use-money.ts';
import { LazyImage } from '../../../shared/ui/lazy-image.tsx';
import { lineMax } from '../lib/cart-changes.ts';

export interface CartLineProps {
  line: CartLine;
  shopId: number;
  /** Edit mode: the box marks lines for deletion, and off-sale lines can be marked too. */
  editing: boolean;
  checked: boolean;
  onCheck(checked: boolean): void;
  onQuantity(quantity: number): void;
  onDelete(): void;
}

/** One bag line: box, picture, title, specs, price and stepper; swipe it to reveal "delete". */
export function CartLineRow({ line, shopId, editing, checked, onCheck, onQuantity, onDelete }: CartLineProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const text = useLineText();
  const specs = text.specs(line.specs);
  const detail = `/detail/${line.product_id}/${shopId}`;
  return (
    <SwipeAction
      className="cm-bag-line__swipe"
      // The delete button sits at the line's end: swiped towards the start (leftwards, or rightwards in RTL).
      {...{
        [currentDir() === 'rtl' ? 'leftActions' : 'rightActions']: [
          { key: 'delete', text: t('cart.delete'), color: 'danger', onClick: onDelete },
        ],
      }}
    >
      <div
        className={`cm-bag-line${line.available ? '' : ' cm-bag-line--off'}`}
        data-testid="bag-line"
        data-line-id={line.id}
      >
        <Checkbox className="cm-bag-check" checked={checked} disabled={!line.available && !editing} onChange={onCheck}>
          <span className="cm-sr-only">{line.title}</span>
        </Checkbox>
        <Link to={detail} className="cm-bag-line__image" tabIndex={-1} aria-hidden="true">
          <LazyImage src={line.image} alt="" sizes="84px" />
          {!line.available && <span className="cm-bag-line__off">{t('cart.unavailable')}</span>}
        </Link>
        <div className="cm-bag-line__main">
          <Link to={detail} className="cm-bag-line__title">
            {line.title}
          </Link>
          {specs && <p className="cm-bag-line__specs">{specs}</p>}
          <div className="cm-bag-line__foot">
            <span className="cm-bag-price" data-testid="bag-line-price">
              {money(line.price)}
            </span>
            {line.available ? (
              <Stepper
                className="cm-bag-stepper"
                min={1}
                max={lineMax(line)}
                digits={0}
                value={line.quantity}
                onChange={(value) => {
                  // Typing fires on every key, and a cleared box reads 0: only real quantities go out.
                  if (value >= 1 && value !== line.quantity) onQuantity(value);
                }}
                aria-label={t('cart.quantity')}
              />
            ) : (
              <span className="cm-bag-line__qty">{text.times(line.quantity)}</span>
            )}
          </div>
        </div>
      </div>
    </SwipeAction>
  );
}
