import { z } from 'zod';
import { productSorts } from './client-constants.ts';
import { pageOf, pageQuerySchema, rowIdQuerySchema } from './envelope.ts';

/**
 * Catalog, shops and discovery. Amounts are integers in minor units; texts
 * (category names, product titles and descriptions) come localized in the request's language,
 * English when there is no translation, else the merchant's original.
 */

const id = rowIdQuerySchema;
const keyword = z.string().trim().min(1, { error: 'validation.required' }).max(100, { error: 'validation.too_long' });

export const productSortSchema = z.enum(productSorts);
export type ProductSort = z.infer<typeof productSortSchema>;

export const categorySchema = z.object({
  id: z.number().int(),
  /** Stable English key (computer, electrical, outdoors, home, health, men, women, food, mobile, toys). */
  slug: z.string(),
  name: z.string(),
  icon: z.string(),
  /** Products on sale in this category. */
  product_count: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;
export const categoryListSchema = z.array(categorySchema);

/** A product in a list or grid. */
export const productCardSchema = z.object({
  id: z.number().int(),
  shop_id: z.number().int(),
  category_id: z.number().int(),
  title: z.string(),
  /** The first image, or an empty string. */
  image: z.string(),
  /** A blurred stand-in for `image` while it loads: a tiny WebP data URI (ADR 0014), or empty. */
  placeholder: z.string(),
  price: z.number().int(),
  sold: z.number().int(),
  stock: z.number().int(),
});
export type ProductCard = z.infer<typeof productCardSchema>;
export const productPageSchema = pageOf(productCardSchema);
export type ProductPage = z.infer<typeof productPageSchema>;

/** A shop in a list (hot shops, search, follow list). */
export const shopCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  /** A blurred stand-in for `logo` while it loads: a tiny WebP data URI (ADR 0014), or empty. */
  logo_placeholder: z.string(),
  /** Units sold, all time. */
  sales: z.number().int(),
  fans: z.number().int(),
  /** Share of reviews with a product score of 4 or 5, 0–1; null while the shop has no reviews. */
  favourable_rate: z.number().min(0).max(1).nullable(),
  product_count: z.number().int(),
});
export type ShopCard = z.infer<typeof shopCardSchema>;
export const shopPageSchema = pageOf(shopCardSchema);
export type ShopPage = z.infer<typeof shopPageSchema>;

export const shopDetailSchema = shopCardSchema.extend({
  banner: z.string(),
  /** A blurred stand-in for `banner` while it loads: a tiny WebP data URI (ADR 0014), or empty. */
  banner_placeholder: z.string(),
  description: z.string(),
  /** Sales amount in minor units, all time. */
  total_sales: z.number().int(),
  review_count: z.number().int(),
  /** Whether the requesting user follows the shop (false for a visitor). */
  is_followed: z.boolean(),
  created_at: z.string(),
});
export type ShopDetail = z.infer<typeof shopDetailSchema>;

export const reviewSchema = z.object({
  id: z.number().int(),
  reviewer_name: z.string(),
  spec_text: z.string(),
  product_score: z.number().int().min(1).max(5),
  service_score: z.number().int().min(1).max(5),
  postage_score: z.number().int().min(1).max(5),
  content: z.string(),
  images: z.array(z.string()),
  created_at: z.string(),
  /** The shop's one reply (seller platform), null until it answers. */
  reply: z.string().nullable(),
  replied_at: z.string().nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

/** A product's reviews in figures: averages to one decimal (0 without reviews). */
export const reviewSummarySchema = z.object({
  count: z.number().int(),
  /** Reviews with at least one picture (the "with pictures" filter's count). */
  with_pictures: z.number().int(),
  product_score: z.number().min(0).max(5),
  service_score: z.number().min(0).max(5),
  postage_score: z.number().min(0).max(5),
  /** Share of reviews with a product score of 4 or 5, 0–1; null without reviews. */
  favourable_rate: z.number().min(0).max(1).nullable(),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;
/** `GET /api/product/reviews`: a page of reviews (newest first) with the product's summary. */
export const reviewPageSchema = pageOf(reviewSchema).extend({ summary: reviewSummarySchema });
export type ReviewPage = z.infer<typeof reviewPageSchema>;

export const specPairSchema = z.object({ name: z.string(), value: z.string() });
export const skuSchema = z.object({
  id: z.number().int(),
  /** Spec pairs; empty for a product without specs. */
  specs: z.array(specPairSchema),
  price: z.number().int(),
  stock: z.number().int(),
});
export type Sku = z.infer<typeof skuSchema>;

export const productDetailSchema = z.object({
  id: z.number().int(),
  shop_id: z.number().int(),
  category_id: z.number().int(),
  title: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  /** A blurred stand-in per image, same order (tiny WebP data URIs, ADR 0014); empty strings where unknown. */
  placeholders: z.array(z.string()),
  /** Lowest SKU price. */
  price: z.number().int(),
  freight: z.number().int(),
  stock: z.number().int(),
  sold: z.number().int(),
  favourite_count: z.number().int(),
  review_count: z.number().int(),
  favourable_rate: z.number().min(0).max(1).nullable(),
  /** The spec picker: each spec name with its values in order; empty means "no specs". */
  specs: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  skus: z.array(skuSchema).min(1),
  shop: shopCardSchema.extend({ is_followed: z.boolean() }),
  /** The newest reviews, for the preview on the detail screen. */
  reviews_preview: z.array(reviewSchema),
  review_summary: reviewSummarySchema,
  is_favourite: z.boolean(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const bannerSchema = z.object({
  id: z.number().int(),
  image: z.string(),
  /** A blurred stand-in for `image` while it loads: a tiny WebP data URI (ADR 0014), or empty. */
  placeholder: z.string(),
  /** An in-app route (`/shop/3`, `/detail/12`) or empty. */
  link: z.string(),
  title: z.string(),
});

/** `GET /api/home`: everything the first screen needs, in one answer. */
export const homeSchema = z.object({
  banners: z.array(bannerSchema),
  categories: categoryListSchema,
  hot_products: z.array(productCardSchema),
  hot_shops: z.array(shopCardSchema),
});
export type Home = z.infer<typeof homeSchema>;

export const productListQuerySchema = pageQuerySchema.extend({
  category_id: id.optional(),
  shop_id: id.optional(),
  keyword: keyword.optional(),
  /** Default: relevance when a keyword is given, else sales. */
  sort: productSortSchema.optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const idQuerySchema = z.object({ id });
export const productReviewsQuerySchema = pageQuerySchema.extend({
  product_id: id,
  /** Only reviews with pictures (`1` / `true`). */
  with_pictures: z.stringbool().default(false),
});
export type ProductReviewsQuery = z.input<typeof productReviewsQuerySchema>;
export const shopSearchQuerySchema = pageQuerySchema.extend({ keyword });

/** `GET /api/search/suggest`: what the search box offers while the shopper types. */
export const searchSuggestQuerySchema = z.object({ keyword });
export const searchSuggestionsSchema = z.object({
  /** Best matches first, titles in the request language (at most 5). */
  products: z.array(z.object({ id: z.number().int(), shop_id: z.number().int(), title: z.string() })),
  /** Open shops whose name or description matches (at most 3). */
  shops: z.array(z.object({ id: z.number().int(), name: z.string(), logo: z.string() })),
});
export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>;

/**
 * `GET /api/search/popular`: what shoppers of the request language searched most over the last days
 * (normalized: lower case, NFKC), most first, at most 10; English's when the language has none yet.
 */
export const popularSearchesSchema = z.object({ terms: z.array(z.string()) });
export type PopularSearches = z.infer<typeof popularSearchesSchema>;

// Calls that need a logged-in user (registered with the auth plugin).
export const shopIdBodySchema = z.object({ shop_id: id });
export const productIdBodySchema = z.object({ product_id: id });
export const followResultSchema = z.object({
  shop_id: z.number().int(),
  is_followed: z.boolean(),
  fans: z.number().int(),
});
export type FollowResult = z.infer<typeof followResultSchema>;
export const favouriteResultSchema = z.object({
  product_id: z.number().int(),
  is_favourite: z.boolean(),
  favourite_count: z.number().int(),
});
export type FavouriteResult = z.infer<typeof favouriteResultSchema>;
export const followedShopSchema = shopCardSchema.extend({ followed_at: z.string() });
export const followListSchema = pageOf(followedShopSchema);
export const favouriteProductSchema = productCardSchema.extend({
  favourited_at: z.string(),
  /** False once the product is off the shelf or its shop closed; it stays in the list. */
  on_sale: z.boolean(),
});
export const favouriteListSchema = pageOf(favouriteProductSchema);
