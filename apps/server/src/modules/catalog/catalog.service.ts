import type {
  Category,
  Home,
  LanguageFile,
  PageQuery,
  ProductCard,
  ProductDetail,
  ProductListQuery,
  ProductPage,
  Review,
  ReviewPage,
  SearchSuggestions,
  ShopDetail,
} from '@crossmart/contract';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedRows } from '../../db/row-statement.ts';
import { banners, categories, productReviews, productSkus, products, shops } from '../../db/schema/catalog.ts';
import { AppError } from '../../errors.ts';
import { favourableRate, offsetOf, pageFrom, productCardFields, shopCardColumns, toShopCard } from './cards.ts';
import { localized } from './localize.ts';
import { reviewFilter, reviewSummary } from './reviews.service.ts';
import { buildSearchQuery } from './search-text.ts';

/** How many hot products and hot shops the home page shows. */
export const homeSizes = { hotProducts: 10, hotShops: 6 } as const;
const reviewsPreviewSize = 3;

const placeholder = {
  lang: sql.placeholder('lang'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
  category: sql.placeholder('category'),
  shop: sql.placeholder('shop'),
  query: sql.placeholder('query'),
  window: sql.placeholder('window'),
};

/** Values for a prepared page query: one row more than the page, to answer `has_more`. */
const pageValues = (lang: LanguageFile, query: PageQuery) => ({
  lang,
  limit: query.limit + 1,
  offset: offsetOf(query),
});

export async function listCategories(db: Database, lang: LanguageFile): Promise<Category[]> {
  const statement = preparedRows(db, 'catalog_categories', () =>
    db
      .select({
        id: categories.id,
        slug: categories.slug,
        name: localized(categories.nameI18n, placeholder.lang),
        icon: categories.icon,
        product_count: categories.productCount,
      })
      .from(categories)
      .orderBy(asc(categories.sortOrder), asc(categories.id)),
  );
  return statement.execute({ lang });
}

/** Hot order: units sold, then the shop's visibility score (docs/product-rules.md, mutual aid), then newest. */
function hotProducts(db: Database, lang: LanguageFile, query: PageQuery) {
  const statement = preparedRows(db, 'catalog_hot_products', () =>
    db
      .select(productCardFields(placeholder.lang))
      .from(products)
      .innerJoin(shops, eq(shops.id, products.shopId))
      .where(eq(products.isListed, true))
      .orderBy(desc(products.soldCount), desc(shops.visibilityScore), desc(products.id))
      .limit(placeholder.limit)
      .offset(placeholder.offset),
  );
  return statement.execute(pageValues(lang, query));
}

export async function listHotProducts(db: Database, lang: LanguageFile, query: PageQuery): Promise<ProductPage> {
  return pageFrom(await hotProducts(db, lang, query), query);
}

/** Popular: most favourited, then most sold. */
export async function listPopularProducts(db: Database, lang: LanguageFile, query: PageQuery): Promise<ProductPage> {
  const statement = preparedRows(db, 'catalog_popular_products', () =>
    db
      .select(productCardFields(placeholder.lang))
      .from(products)
      .where(eq(products.isListed, true))
      .orderBy(desc(products.favouriteCount), desc(products.soldCount), desc(products.id))
      .limit(placeholder.limit)
      .offset(placeholder.offset),
  );
  return pageFrom(await statement.execute(pageValues(lang, query)), query);
}

function hotShops(db: Database, query: PageQuery) {
  const statement = preparedRows(db, 'catalog_hot_shops', () =>
    db
      .select(shopCardColumns)
      .from(shops)
      .where(eq(shops.status, 1))
      .orderBy(desc(shops.visibilityScore), desc(shops.id))
      .limit(placeholder.limit)
      .offset(placeholder.offset),
  );
  return statement.execute({ limit: query.limit + 1, offset: offsetOf(query) });
}

/** Hot shops, by the visibility score of docs/product-rules.md (mutual aid). */
export async function listHotShops(db: Database, query: PageQuery) {
  const page = pageFrom(await hotShops(db, query), query);
  return { ...page, list: page.list.map(toShopCard) };
}

function activeBanners(db: Database, lang: LanguageFile) {
  const statement = preparedRows(db, 'catalog_banners', () =>
    db
      .select({
        id: banners.id,
        image: banners.image,
        placeholder: banners.placeholder,
        link: banners.link,
        title: localized(banners.titleI18n, placeholder.lang),
      })
      .from(banners)
      .where(eq(banners.isActive, true))
      .orderBy(asc(banners.sortOrder), asc(banners.id))
      .limit(10),
  );
  return statement.execute({ lang });
}

/** `GET /api/home`: four small indexed queries, run side by side (no N+1, nothing per item). */
export async function getHome(db: Database, lang: LanguageFile): Promise<Home> {
  const [bannerRows, categoryRows, hotProductRows, hotShopRows] = await Promise.all([
    activeBanners(db, lang),
    listCategories(db, lang),
    hotProducts(db, lang, { page: 1, limit: homeSizes.hotProducts }),
    hotShops(db, { page: 1, limit: homeSizes.hotShops }),
  ]);
  return {
    banners: bannerRows,
    categories: categoryRows,
    hot_products: hotProductRows.slice(0, homeSizes.hotProducts),
    hot_shops: hotShopRows.slice(0, homeSizes.hotShops).map(toShopCard),
  };
}

function productOrder(sort: ProductListQuery['sort'], hasKeyword: boolean): SQL[] {
  switch (sort) {
    case 'new':
      return [desc(products.createdAt), desc(products.id)];
    case 'price_asc':
      return [asc(products.price), asc(products.id)];
    case 'price_desc':
      return [desc(products.price), desc(products.id)];
    case 'sales':
      return [desc(products.soldCount), desc(products.id)];
    default:
      return hasKeyword
        ? [
            desc(sql`ts_rank(${products.searchVector}, ${placeholder.query}::text::tsquery)`),
            desc(products.soldCount),
            desc(products.id),
          ]
        : [desc(products.soldCount), desc(products.id)];
  }
}

type ListShape = { category: boolean; shop: boolean; keyword: boolean };

/**
 * The exact number of listed products for a filter, from the maintained counters, or undefined
 * when no counter fits (keyword, or shop and category together): never a count over the catalog.
 */
function cheapTotal(shape: ListShape): SQL<number> | undefined {
  if (!hasCheapTotal(shape)) return undefined;
  if (shape.shop) return sql<number>`(select s.product_count from shops s where s.id = ${placeholder.shop})`;
  if (shape.category) {
    return sql<number>`(select c.product_count from categories c where c.id = ${placeholder.category})`;
  }
  return sql<number>`(select coalesce(sum(c.product_count), 0)::int from categories c)`;
}

/** Whether `cheapTotal` has a counter for the shape; asked per request, without building the SQL. */
function hasCheapTotal(shape: ListShape): boolean {
  return !shape.keyword && !(shape.shop && shape.category);
}

/** One prepared statement per shape of the list query (filters present × sort). */
function productListStatement(db: Database, shape: ListShape, sort: ProductListQuery['sort']) {
  const name = `catalog_list_${sort ?? 'default'}_${Number(shape.category)}${Number(shape.shop)}${Number(shape.keyword)}`;
  return preparedRows(db, name, () => {
    const conditions: SQL[] = [eq(products.isListed, true)];
    if (shape.category) conditions.push(sql`${products.categoryId} = ${placeholder.category}`);
    if (shape.shop) conditions.push(sql`${products.shopId} = ${placeholder.shop}`);
    if (shape.keyword) conditions.push(sql`${products.searchVector} @@ ${placeholder.query}::text::tsquery`);
    const total = cheapTotal(shape);
    return db
      .select({ ...productCardFields(placeholder.lang), total: total ?? sql<null>`null` })
      .from(products)
      .where(and(...conditions))
      .orderBy(...productOrder(sort, shape.keyword))
      .limit(placeholder.limit)
      .offset(placeholder.offset);
  });
}

/**
 * A keyword with an explicit sort, answered from the head of the sort's index: the first `window`
 * products in that order (filters applied), of which the keyword's matches are paged. When the
 * head holds the whole page (`limit + 1` rows after `offset`), that page is exactly the one the
 * whole catalog gives, since the head is a prefix of the same total order. The head keeps the
 * index order, so PostgreSQL stops reading as soon as the page is full: a broad keyword
 * (`イヤホン`, thousands of matches) costs about (offset + limit) × (catalog / matches) index
 * entries instead of rechecking and sorting every match, and does not grow with the catalog.
 */
function productListHeadStatement(db: Database, shape: ListShape, sort: NonNullable<ProductListQuery['sort']>) {
  const name = `catalog_list_head_${sort}_${Number(shape.category)}${Number(shape.shop)}`;
  return preparedRows(db, name, () => {
    const conditions: SQL[] = [eq(products.isListed, true)];
    if (shape.category) conditions.push(sql`${products.categoryId} = ${placeholder.category}`);
    if (shape.shop) conditions.push(sql`${products.shopId} = ${placeholder.shop}`);
    const card = productCardFields(placeholder.lang);
    const head = db
      .select({
        ...card,
        title: card.title.as('title'),
        image: card.image.as('image'),
        placeholder: card.placeholder.as('placeholder'),
        createdAt: products.createdAt,
        searchVector: products.searchVector,
      })
      .from(products)
      .where(and(...conditions))
      .orderBy(...productOrder(sort, false))
      .limit(placeholder.window)
      .as('head');
    const order = {
      new: [desc(head.createdAt), desc(head.id)],
      price_asc: [asc(head.price), asc(head.id)],
      price_desc: [desc(head.price), desc(head.id)],
      sales: [desc(head.sold), desc(head.id)],
    }[sort];
    return db
      .select({
        id: head.id,
        shop_id: head.shop_id,
        category_id: head.category_id,
        title: head.title,
        image: head.image,
        placeholder: head.placeholder,
        price: head.price,
        sold: head.sold,
        stock: head.stock,
      })
      .from(head)
      .where(sql`${head.searchVector} @@ ${placeholder.query}::text::tsquery`)
      .orderBy(...order)
      .limit(placeholder.limit)
      .offset(placeholder.offset);
  });
}

/** How far down the sort order the head statement looks: enough for a keyword in 1 of ~40 products. */
const headWindow = (query: PageQuery) => Math.min(10_000, 40 * (offsetOf(query) + query.limit + 1));

/** `GET /api/product/list`: filters, keyword search and sorts, each served by an index. */
export async function listProducts(db: Database, lang: LanguageFile, query: ProductListQuery): Promise<ProductPage> {
  const tsQuery = query.keyword === undefined ? undefined : buildSearchQuery(query.keyword);
  if (query.keyword !== undefined && tsQuery === undefined) {
    return { list: [], page: query.page, limit: query.limit, has_more: false };
  }
  const shape = {
    category: query.category_id !== undefined,
    shop: query.shop_id !== undefined,
    keyword: tsQuery !== undefined,
  };
  if (tsQuery !== undefined && query.sort !== undefined) {
    const rows = await productListHeadStatement(db, shape, query.sort).execute({
      ...pageValues(lang, query),
      category: query.category_id,
      shop: query.shop_id,
      query: tsQuery,
      window: headWindow(query),
    });
    // A short head page may only mean the head ended: then the whole catalog is asked.
    if (rows.length > query.limit) return pageFrom(rows, query);
  }
  const rows = await productListStatement(db, shape, query.sort).execute({
    ...pageValues(lang, query),
    category: query.category_id,
    shop: query.shop_id,
    query: tsQuery,
  });
  // Field by field: an object rest (`{ total, ...card }`) costs several times more per row.
  const page = pageFrom(
    rows.map(
      (row): ProductCard => ({
        id: row.id,
        shop_id: row.shop_id,
        category_id: row.category_id,
        title: row.title,
        image: row.image,
        placeholder: row.placeholder,
        price: row.price,
        sold: row.sold,
        stock: row.stock,
      }),
    ),
    query,
  );
  if (!hasCheapTotal(shape)) return page;
  // The counter rode along on every row; a page past the end has no row, so ask once more.
  const first = rows[0];
  const counted = first
    ? first.total
    : (
        await preparedRows(db, `catalog_list_total_${Number(shape.category)}${Number(shape.shop)}`, () =>
          db.select({ total: cheapTotal(shape) ?? sql<number>`0` }).from(sql`(select 1) as one`),
        ).execute({ category: query.category_id, shop: query.shop_id })
      )[0]?.total;
  return { ...page, total: Number(counted ?? 0) };
}

/** `GET /api/product/detail`: the product, its SKUs, its shop card and a reviews preview. */
export async function getProductDetail(
  db: Database,
  lang: LanguageFile,
  productId: number,
  viewerId?: number,
): Promise<ProductDetail> {
  const isFavourite =
    viewerId === undefined
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from product_favourites f where f.user_id = ${viewerId} and f.product_id = ${productId})`;
  const isFollowed =
    viewerId === undefined
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from shop_follows f where f.user_id = ${viewerId} and f.shop_id = ${products.shopId})`;
  const [productRows, skuRows, reviews, summary] = await Promise.all([
    db
      .select({
        id: products.id,
        shop_id: products.shopId,
        category_id: products.categoryId,
        title: localized(products.titleI18n, lang, products.title),
        description: localized(products.descriptionI18n, lang, products.description),
        images: products.images,
        placeholders: products.imagePlaceholders,
        price: products.price,
        freight: products.freight,
        stock: products.stock,
        sold: products.soldCount,
        favourite_count: products.favouriteCount,
        review_count: products.reviewCount,
        good_review_count: products.goodReviewCount,
        is_favourite: isFavourite,
        shop: { ...shopCardColumns, is_followed: isFollowed },
      })
      .from(products)
      .innerJoin(shops, eq(shops.id, products.shopId))
      .where(and(eq(products.id, productId), eq(products.isListed, true))),
    db
      .select({ id: productSkus.id, specs: productSkus.specs, price: productSkus.price, stock: productSkus.stock })
      .from(productSkus)
      .where(eq(productSkus.productId, productId))
      .orderBy(asc(productSkus.sortOrder), asc(productSkus.id)),
    reviewsQuery(db, productId, { page: 1, limit: reviewsPreviewSize }, false),
    reviewSummary(db, productId),
  ]);
  const row = productRows[0];
  if (!row || skuRows.length === 0) throw new AppError('PRODUCT_NOT_FOUND');
  const { good_review_count, shop, ...product } = row;
  const { is_followed, ...card } = shop;
  return {
    ...product,
    favourable_rate: favourableRate(good_review_count, product.review_count),
    specs: specGroups(skuRows),
    skus: skuRows,
    shop: { ...toShopCard(card), is_followed },
    reviews_preview: reviews.slice(0, reviewsPreviewSize).map(toReview),
    review_summary: summary,
  };
}

/** The spec picker: names in first-seen order, each with its values in first-seen order. */
export function specGroups(skus: readonly { specs: readonly { name: string; value: string }[] }[]) {
  const groups = new Map<string, string[]>();
  for (const sku of skus) {
    for (const { name, value } of sku.specs) {
      const values = groups.get(name) ?? [];
      if (!values.includes(value)) values.push(value);
      groups.set(name, values);
    }
  }
  return [...groups].map(([name, values]) => ({ name, values }));
}

/** A page of a product's reviews, newest first, with the shop's reply; optionally only those with pictures. */
function reviewsQuery(db: Database, productId: number, query: PageQuery, withPictures: boolean) {
  return db
    .select({
      id: productReviews.id,
      reviewer_name: productReviews.reviewerName,
      spec_text: productReviews.specText,
      product_score: productReviews.productScore,
      service_score: productReviews.serviceScore,
      postage_score: productReviews.postageScore,
      content: productReviews.content,
      images: productReviews.images,
      created_at: productReviews.createdAt,
      reply: productReviews.reply,
      replied_at: productReviews.repliedAt,
    })
    .from(productReviews)
    .where(reviewFilter(productId, withPictures))
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
    .limit(query.limit + 1)
    .offset(offsetOf(query));
}

type ReviewRow = Awaited<ReturnType<typeof reviewsQuery>>[number];
const toReview = (row: ReviewRow): Review => ({
  ...row,
  created_at: row.created_at.toISOString(),
  replied_at: row.replied_at ? row.replied_at.toISOString() : null,
});

/**
 * `GET /api/product/reviews`: newest first, all or only those with pictures, with the product's
 * summary; `total` is the summary's count of the chosen filter.
 */
export async function listProductReviews(
  db: Database,
  productId: number,
  query: PageQuery & { with_pictures: boolean },
): Promise<ReviewPage> {
  const [rows, product, summary] = await Promise.all([
    reviewsQuery(db, productId, query, query.with_pictures),
    db.select({ id: products.id }).from(products).where(eq(products.id, productId)),
    reviewSummary(db, productId),
  ]);
  if (product.length === 0) throw new AppError('PRODUCT_NOT_FOUND');
  const page = pageFrom(rows.map(toReview), query);
  return { ...page, total: query.with_pictures ? summary.with_pictures : summary.count, summary };
}

/** `GET /api/shop/detail`: an open shop with its counters and the viewer's follow flag. */
export async function getShopDetail(
  db: Database,
  lang: LanguageFile,
  shopId: number,
  viewerId?: number,
): Promise<ShopDetail> {
  const isFollowed =
    viewerId === undefined
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from shop_follows f where f.user_id = ${viewerId} and f.shop_id = ${shopId})`;
  const rows = await db
    .select({
      ...shopCardColumns,
      banner: shops.banner,
      banner_placeholder: shops.bannerPlaceholder,
      description: localized(shops.descriptionI18n, lang, shops.description),
      total_sales: shops.salesAmount,
      is_followed: isFollowed,
      created_at: shops.createdAt,
    })
    .from(shops)
    .where(and(eq(shops.id, shopId), eq(shops.status, 1)));
  const row = rows[0];
  if (!row) throw new AppError('SHOP_NOT_FOUND');
  const { banner, banner_placeholder, description, total_sales, is_followed, created_at, ...card } = row;
  return {
    ...toShopCard(card),
    banner,
    banner_placeholder,
    description,
    total_sales,
    review_count: card.reviewCount,
    is_followed,
    created_at: created_at.toISOString(),
  };
}

/** `GET /api/shop/search`: open shops whose name or description matches, best match first. */
export async function searchShops(db: Database, keyword: string, query: PageQuery) {
  const tsQuery = buildSearchQuery(keyword);
  if (tsQuery === undefined) return { list: [], page: query.page, limit: query.limit, has_more: false };
  const rows = await db
    .select(shopCardColumns)
    .from(shops)
    .where(and(eq(shops.status, 1), sql`${shops.searchVector} @@ ${tsQuery}::tsquery`))
    .orderBy(
      desc(sql`ts_rank(${shops.searchVector}, ${tsQuery}::tsquery)`),
      desc(shops.visibilityScore),
      desc(shops.id),
    )
    .limit(query.limit + 1)
    .offset(offsetOf(query));
  const page = pageFrom(rows, query);
  return { ...page, list: page.list.map(toShopCard) };
}

/** `GET /api/search/suggest`: the first few products (best match) and shops for a typed keyword. */
export async function suggestSearch(db: Database, lang: LanguageFile, keyword: string): Promise<SearchSuggestions> {
  const [productPage, shopPage] = await Promise.all([
    listProducts(db, lang, { keyword, page: 1, limit: 5 }),
    searchShops(db, keyword, { page: 1, limit: 3 }),
  ]);
  return {
    products: productPage.list.map(({ id, shop_id, title }) => ({ id, shop_id, title })),
    shops: shopPage.list.map(({ id, name, logo }) => ({ id, name, logo })),
  };
}
