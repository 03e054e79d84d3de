import type { LanguageFile } from '@crossmart/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { getProductDetail, getShopDetail } from './catalog.service.ts';

/** What a link preview (Open Graph, Twitter card) shows for a shared product or shop page. */
export interface SharePreview {
  kind: 'product' | 'shop';
  title: string;
  description: string;
  /** Site-relative picture (`/uploads/…`), or empty. */
  image: string;
  shopName: string;
  /** Integer minor units (products only). */
  price?: number;
}

const productPath = /^\/detail\/(\d{1,10})(?:\/|$)/;
const shopPath = /^\/shop\/(\d{1,10})(?:\/|$)/;

/** A short plain-text description: previews show two or three lines at most. */
function clip(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * The preview of a shopper page path (`/detail/:product/:shop`, `/shop/:id`) in `lang`; undefined
 * for other paths and for products or shops that are not on show (unlisted, closed, missing).
 */
export async function getSharePreview(
  db: Database,
  lang: LanguageFile,
  pathname: string,
): Promise<SharePreview | undefined> {
  try {
    const product = productPath.exec(pathname);
    if (product) {
      const detail = await getProductDetail(db, lang, Number(product[1]));
      return {
        kind: 'product',
        title: detail.title,
        description: clip(detail.description),
        image: detail.images[0] ?? '',
        shopName: detail.shop.name,
        price: detail.price,
      };
    }
    const shop = shopPath.exec(pathname);
    if (shop) {
      const detail = await getShopDetail(db, lang, Number(shop[1]));
      return {
        kind: 'shop',
        title: detail.name,
        description: clip(detail.description),
        image: detail.banner || detail.logo,
        shopName: detail.name,
      };
    }
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
  return undefined;
}
