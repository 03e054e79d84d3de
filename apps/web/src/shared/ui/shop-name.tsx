import { RightOutline, ShopbagOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import './shop-name.css';

export interface ShopNameProps {
  name: string;
  /** Makes the name a link to the shop's page (`/shop/<id>`). */
  shopId?: number;
  /** A trailing arrow for rows where the link is the shop row's only way on (the bag). */
  chevron?: boolean;
  /** A heading where the screen's outline needs one (a link then sits inside it); by default a span, or the link itself. */
  as?: 'span' | 'h2' | 'h3';
  /** The screen's own spacing. */
  className?: string;
}

/** A shop's heading: the shop-bag icon and the name, cut with an ellipsis when the row is too narrow. */
export function ShopName({ name, shopId, chevron = false, as: Tag = 'span', className }: ShopNameProps) {
  const classes = className ? `cm-shop-name ${className}` : 'cm-shop-name';
  const content = (
    <>
      <ShopbagOutline aria-hidden="true" className="cm-shop-name__icon" />
      <bdi className="cm-shop-name__text">{name}</bdi>
      {chevron && <RightOutline aria-hidden="true" className="cm-shop-name__chevron" />}
    </>
  );
  if (shopId === undefined) return <Tag className={classes}>{content}</Tag>;
  const to = `/shop/${shopId}`;
  if (Tag === 'span')
    return (
      <Link to={to} className={classes}>
        {content}
      </Link>
    );
  return (
    <Tag className={classes}>
      <Link to={to} className="cm-shop-name__link">
        {content}
      </Link>
    </Tag>
  );
}
