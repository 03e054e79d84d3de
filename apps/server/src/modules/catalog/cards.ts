import type { LanguageFile, PageQuery, ShopCard } from '@crossmart/contract';
import { type Placeholder, sql } from 'drizzle-orm';
import { products, shops } from '../../db/schema/catalog.ts';
import { localized } from './localize.ts';

/** Shared column sets and mappers for product and shop cards, used by every list. */

/** Reads `limit + 1` rows to answer `has_more` without counting (docs/product-rules.md, API conventions). */
export function pageFrom<T>(rows: T[], { page, limit }: PageQuery) {
  return { list: rows.slice(0, limit), page, limit, has_more: rows.length > limit };
}

export const offsetOf = ({ page, limit }: PageQuery) => (page - 1) * limit;

export function productCardFields(lang: LanguageFile | Placeholder) {
  return {
    id: products.id,
    shop_id: products.shopId,
    category_id: products.categoryId,
    title: localized(products.titleI18n, lang, products.title),
    image: sql<string>`coalesce(${products.images}->>0, '')`,
    placeholder: sql<string>`coalesce(${products.imagePlaceholders}->>0, '')`,
    price: products.price,
    sold: products.soldCount,
    stock: products.stock,
  };
}

/** Share of reviews with a product score of 4 or 5, to 4 decimals; null without reviews. */
export const favourableRate = (good: number, all: number) =>
  all > 0 ? Math.round((good / all) * 10_000) / 10_000 : null;

export const shopCardColumns = {
  id: shops.id,
  name: shops.name,
  logo: shops.logo,
  logo_placeholder: shops.logoPlaceholder,
  sales: shops.sales,
  fans: shops.fans,
  reviewCount: shops.reviewCount,
  goodReviewCount: shops.goodReviewCount,
  product_count: shops.productCount,
};

type ShopCardRow = {
  id: number;
  name: string;
  logo: string;
  logo_placeholder: string;
  sales: number;
  fans: number;
  reviewCount: number;
  goodReviewCount: number;
  product_count: number;
};

export function toShopCard({ reviewCount, goodReviewCount, ...row }: ShopCardRow): ShopCard {
  return { ...row, favourable_rate: favourableRate(goodReviewCount, reviewCount) };
}
