import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Catalog, shops and discovery (issue 5). Counters on these rows (fans, favourites, sold, review
 * counts, listed product counts) are kept exact by the catalog services in the same transaction
 * as the event that changes them; `recountCatalog` rebuilds them from the facts.
 *
 * Index note (Drizzle's `.desc()` emits DESC NULLS LAST, which does not serve ORDER BY x DESC): every descending key is declared `.desc().nullsFirst()` so that it
 * matches a plain `ORDER BY x DESC`.
 */

/** A Postgres tsvector; the catalog builds its text itself (CJK bigrams, see catalog README). */
const tsvector = customType<{ data: string; driverData: string }>({
  dataType: () => 'tsvector',
});

import type { I18nText, SpecPair } from './json-types.ts';

export type { I18nText, SpecPair };

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    /** Stable English key: computer, electrical, outdoors, … */
    slug: text('slug').notNull(),
    /** Name in every interface language: file name → name. */
    nameI18n: jsonb('name_i18n').$type<I18nText>().notNull(),
    icon: text('icon').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Listed products in this category (exact counter: gives the product list a cheap `total`). */
    productCount: integer('product_count').notNull().default(0),
  },
  (table) => [
    uniqueIndex('categories_slug_unique').on(table.slug),
    check('categories_product_count_check', sql`${table.productCount} >= 0`),
  ],
);

export const shops = pgTable(
  'shops',
  {
    id: serial('id').primaryKey(),
    /** The merchant's user id; no foreign key until the accounts module is merged. */
    ownerUserId: integer('owner_user_id'),
    name: text('name').notNull(),
    logo: text('logo').notNull().default(''),
    banner: text('banner').notNull().default(''),
    /** Blurred stand-ins (tiny WebP data URIs) shown while the logo and banner load; empty when unknown. */
    logoPlaceholder: text('logo_placeholder').notNull().default(''),
    bannerPlaceholder: text('banner_placeholder').notNull().default(''),
    description: text('description').notNull().default(''),
    descriptionI18n: jsonb('description_i18n').$type<I18nText>().notNull().default({}),
    /** 1 open, 0 closed (by its merchant or pending), -1 banned by an admin. */
    status: smallint('status').notNull().default(1),
    /** Why an admin suspended the shop (status -1); the merchant sees it. */
    suspendReason: text('suspend_reason'),
    /** Units sold, all time. */
    sales: integer('sales').notNull().default(0),
    /** Sales amount in minor units, all time ("total sales"). */
    salesAmount: bigint('sales_amount', { mode: 'number' }).notNull().default(0),
    fans: integer('fans').notNull().default(0),
    productCount: integer('product_count').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    /** Reviews with a product score of 4 or 5: favourable rate = good / all. */
    goodReviewCount: integer('good_review_count').notNull().default(0),
    /** Rolling 30-day window, recomputed from `shop_daily_stats` (see refreshShopWindows). */
    sales30d: integer('sales_30d').notNull().default(0),
    supportDays30d: integer('support_days_30d').notNull().default(0),
    /** Visibility (docs/product-rules.md, mutual aid): log10(1 + sales_30d) + 2 × favourable_rate + 0.5 × log2(1 + support_days_30d). */
    visibilityScore: doublePrecision('visibility_score')
      .notNull()
      .generatedAlwaysAs(
        sql`log((1 + sales_30d)::double precision) + 2 * (case when review_count > 0 then good_review_count::double precision / review_count else 0 end) + 0.5 * ln((1 + support_days_30d)::double precision) / ln(2::double precision)`,
      ),
    searchVector: tsvector('search_vector').notNull().default(sql`''::tsvector`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('shops_status_check', sql`${table.status} in (-1, 0, 1)`),
    check(
      'shops_counters_check',
      sql`${table.sales} >= 0 and ${table.salesAmount} >= 0 and ${table.fans} >= 0 and ${table.productCount} >= 0 and ${table.reviewCount} >= 0 and ${table.goodReviewCount} between 0 and ${table.reviewCount} and ${table.sales30d} >= 0 and ${table.supportDays30d} between 0 and 30`,
    ),
    index('shops_owner_idx').on(table.ownerUserId),
    // Shop names are unique without regard to case (merchant applications check them).
    uniqueIndex('shops_name_unique').on(sql`lower(${table.name})`),
    index('shops_hot_idx')
      .on(table.visibilityScore.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.status} = 1`),
    index('shops_search_idx').using('gin', table.searchVector),
  ],
);

/**
 * Per shop and calendar day (platform time zone): units sold and whether it received mutual-aid
 * support. The rolling 30-day columns on `shops` are derived from these rows.
 */
export const shopDailyStats = pgTable(
  'shop_daily_stats',
  {
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    unitsSold: integer('units_sold').notNull().default(0),
    supported: boolean('supported').notNull().default(false),
  },
  (table) => [
    uniqueIndex('shop_daily_stats_shop_day_unique').on(table.shopId, table.day),
    index('shop_daily_stats_day_idx').on(table.day),
    check('shop_daily_stats_units_check', sql`${table.unitsSold} >= 0`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    /** The title as the merchant wrote it; shown when no translation fits. */
    title: text('title').notNull(),
    /** Titles per language file (`jp`, `en`, …), the original's language included. */
    titleI18n: jsonb('title_i18n').$type<I18nText>().notNull().default({}),
    description: text('description').notNull().default(''),
    descriptionI18n: jsonb('description_i18n').$type<I18nText>().notNull().default({}),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** A blurred stand-in (tiny WebP data URI) per image, same order; empty strings where unknown. */
    imagePlaceholders: jsonb('image_placeholders').$type<string[]>().notNull().default([]),
    /** Lowest SKU price, minor units (kept in step by the catalog service). */
    price: integer('price').notNull(),
    freight: integer('freight').notNull().default(0),
    /** Sum of SKU stock. */
    stock: integer('stock').notNull().default(0),
    soldCount: integer('sold_count').notNull().default(0),
    favouriteCount: integer('favourite_count').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    goodReviewCount: integer('good_review_count').notNull().default(0),
    /** 1 on sale, 0 off the shelf (merchant), -1 removed by an admin. */
    status: smallint('status').notNull().default(1),
    /** Why an admin took the product down (status -1); the merchant sees it. */
    removedReason: text('removed_reason'),
    /** On sale and its shop open: what every public list filters on (maintained by the service). */
    isListed: boolean('is_listed').notNull().default(true),
    searchVector: tsvector('search_vector').notNull().default(sql`''::tsvector`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => {
    const listed = sql`${table.isListed}`;
    return [
      check('products_status_check', sql`${table.status} in (-1, 0, 1)`),
      check(
        'products_amounts_check',
        sql`${table.price} >= 0 and ${table.freight} >= 0 and ${table.stock} >= 0 and ${table.soldCount} >= 0 and ${table.favouriteCount} >= 0 and ${table.reviewCount} >= 0 and ${table.goodReviewCount} between 0 and ${table.reviewCount}`,
      ),
      // One index per (filter prefix × sort); price serves both directions by a backward scan.
      index('products_sales_idx').on(table.soldCount.desc().nullsFirst(), table.id.desc().nullsFirst()).where(listed),
      index('products_new_idx').on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()).where(listed),
      index('products_price_idx').on(table.price, table.id).where(listed),
      index('products_popular_idx')
        .on(table.favouriteCount.desc().nullsFirst(), table.soldCount.desc().nullsFirst(), table.id.desc().nullsFirst())
        .where(listed),
      index('products_category_sales_idx')
        .on(table.categoryId, table.soldCount.desc().nullsFirst(), table.id.desc().nullsFirst())
        .where(listed),
      index('products_category_new_idx')
        .on(table.categoryId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
        .where(listed),
      index('products_category_price_idx').on(table.categoryId, table.price, table.id).where(listed),
      index('products_shop_sales_idx')
        .on(table.shopId, table.soldCount.desc().nullsFirst(), table.id.desc().nullsFirst())
        .where(listed),
      index('products_shop_new_idx')
        .on(table.shopId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
        .where(listed),
      index('products_shop_price_idx').on(table.shopId, table.price, table.id).where(listed),
      // Every product of a shop, listed or not (shop status changes, merchant lists).
      index('products_shop_idx').on(table.shopId),
      index('products_search_idx').using('gin', table.searchVector),
    ];
  },
);

export const productSkus = pgTable(
  'product_skus',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Spec pairs in display order; empty for a product without specs (its single default SKU). */
    specs: jsonb('specs').$type<SpecPair[]>().notNull().default([]),
    price: integer('price').notNull(),
    stock: integer('stock').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [
    index('product_skus_product_idx').on(table.productId, table.sortOrder),
    check('product_skus_price_check', sql`${table.price} >= 0`),
    check('product_skus_stock_check', sql`${table.stock} >= 0`),
  ],
);

/**
 * Product reviews (minimal until the after-sale issue): order and user ids are plain integers.
 * The product score feeds the favourable rate.
 */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    skuId: integer('sku_id'),
    orderId: integer('order_id'),
    orderItemId: integer('order_item_id'),
    userId: integer('user_id'),
    /** Display name at review time, already masked (e.g. `d***o`). */
    reviewerName: text('reviewer_name').notNull().default(''),
    specText: text('spec_text').notNull().default(''),
    productScore: smallint('product_score').notNull(),
    serviceScore: smallint('service_score').notNull(),
    postageScore: smallint('postage_score').notNull(),
    content: text('content').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** The shop's one reply (seller platform). */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'product_reviews_scores_check',
      sql`${table.productScore} between 1 and 5 and ${table.serviceScore} between 1 and 5 and ${table.postageScore} between 1 and 5`,
    ),
    uniqueIndex('product_reviews_order_item_unique').on(table.orderItemId),
    index('product_reviews_product_idx').on(
      table.productId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('product_reviews_shop_idx').on(table.shopId),
  ],
);

export const productFavourites = pgTable(
  'product_favourites',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('product_favourites_user_product_unique').on(table.userId, table.productId),
    index('product_favourites_user_idx').on(table.userId, table.id.desc().nullsFirst()),
    index('product_favourites_product_idx').on(table.productId),
  ],
);

export const shopFollows = pgTable(
  'shop_follows',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('shop_follows_user_shop_unique').on(table.userId, table.shopId),
    index('shop_follows_user_idx').on(table.userId, table.id.desc().nullsFirst()),
    index('shop_follows_shop_idx').on(table.shopId),
  ],
);

/** Home page banners (admin-managed later; seeded with generated images). */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    image: text('image').notNull(),
    /** A blurred stand-in (tiny WebP data URI) shown while the image loads; empty when unknown. */
    placeholder: text('placeholder').notNull().default(''),
    /** An in-app route such as `/shop/3` or `/detail/12`, or empty. */
    link: text('link').notNull().default(''),
    titleI18n: jsonb('title_i18n').$type<I18nText>().notNull().default({}),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (table) => [index('banners_active_idx').on(table.sortOrder).where(sql`${table.isActive}`)],
);
