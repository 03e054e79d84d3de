import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  categories,
  type I18nText,
  productFavourites,
  productReviews,
  productSkus,
  products,
  type SpecPair,
  shopDailyStats,
  shopFollows,
  shops,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { buildSearchVector, type SearchField } from './search-text.ts';

/**
 * The writes of the catalog: shops and products, stock, sales, reviews and support days. Other
 * modules (seller platform, admin, orders, after-sale, mutual aid) call these inside their own
 * transaction, so every counter moves together with the event that changes it.
 */

const textsOf = (original: string, i18n: I18nText | undefined) =>
  [original, ...Object.values(i18n ?? {})].filter((text): text is string => Boolean(text));

/** Weighted search text of a product: titles rank above descriptions. */
export function productSearchVector(input: {
  title: string;
  titleI18n?: I18nText | undefined;
  description?: string | undefined;
  descriptionI18n?: I18nText | undefined;
}): string {
  const fields: SearchField[] = [
    ...[...new Set(textsOf(input.title, input.titleI18n))].map((text) => ({ text, weight: 'A' as const })),
    ...[...new Set(textsOf(input.description ?? '', input.descriptionI18n))].map((text) => ({
      text,
      weight: 'D' as const,
    })),
  ];
  return buildSearchVector(fields);
}

export function shopSearchVector(input: {
  name: string;
  description?: string | undefined;
  descriptionI18n?: I18nText | undefined;
}): string {
  return buildSearchVector([
    { text: input.name, weight: 'A' },
    ...[...new Set(textsOf(input.description ?? '', input.descriptionI18n))].map((text) => ({
      text,
      weight: 'D' as const,
    })),
  ]);
}

export interface NewShop {
  name: string;
  ownerUserId?: number | null;
  logo?: string;
  banner?: string;
  description?: string;
  descriptionI18n?: I18nText;
  status?: -1 | 0 | 1;
}

export async function createShop(db: Database, input: NewShop): Promise<{ id: number }> {
  const [row] = await db
    .insert(shops)
    .values({
      name: input.name,
      ownerUserId: input.ownerUserId ?? null,
      logo: input.logo ?? '',
      banner: input.banner ?? '',
      description: input.description ?? '',
      descriptionI18n: input.descriptionI18n ?? {},
      status: input.status ?? 1,
      searchVector: shopSearchVector(input),
    })
    .returning({ id: shops.id });
  if (!row) throw new Error('shop insert returned nothing');
  return row;
}

export interface NewSku {
  specs: SpecPair[];
  price: number;
  stock: number;
}

export interface NewProduct {
  shopId: number;
  categoryId: number;
  title: string;
  titleI18n?: I18nText;
  description?: string;
  descriptionI18n?: I18nText;
  images?: string[];
  freight?: number;
  status?: -1 | 0 | 1;
  /** At least one; a product without specs has one SKU with no spec pairs. */
  skus: NewSku[];
}

async function moveListedCounters(db: Database, shopId: number, categoryId: number, delta: number) {
  if (delta === 0) return;
  await db
    .update(categories)
    .set({ productCount: sql`${categories.productCount} + ${delta}` })
    .where(eq(categories.id, categoryId));
  await db
    .update(shops)
    .set({ productCount: sql`${shops.productCount} + ${delta}` })
    .where(eq(shops.id, shopId));
}

export async function createProduct(db: Database, input: NewProduct): Promise<{ id: number; skuIds: number[] }> {
  if (input.skus.length === 0) throw new AppError('VALIDATION_FAILED', undefined, { skus: 'validation.required' });
  return db.transaction(async (tx) => {
    const [shop] = await tx.select({ status: shops.status }).from(shops).where(eq(shops.id, input.shopId)).for('share');
    if (!shop) throw new AppError('SHOP_NOT_FOUND');
    const status = input.status ?? 1;
    const isListed = status === 1 && shop.status === 1;
    const [product] = await tx
      .insert(products)
      .values({
        shopId: input.shopId,
        categoryId: input.categoryId,
        title: input.title,
        titleI18n: input.titleI18n ?? {},
        description: input.description ?? '',
        descriptionI18n: input.descriptionI18n ?? {},
        images: input.images ?? [],
        price: Math.min(...input.skus.map((sku) => sku.price)),
        freight: input.freight ?? 0,
        stock: input.skus.reduce((sum, sku) => sum + sku.stock, 0),
        status,
        isListed,
        searchVector: productSearchVector(input),
      })
      .returning({ id: products.id });
    if (!product) throw new Error('product insert returned nothing');
    const skus = await tx
      .insert(productSkus)
      .values(input.skus.map((sku, index) => ({ ...sku, productId: product.id, sortOrder: index })))
      .returning({ id: productSkus.id });
    if (isListed) await moveListedCounters(tx, input.shopId, input.categoryId, 1);
    return { id: product.id, skuIds: skus.map((sku) => sku.id) };
  });
}

/** Puts a product on or off the shelf (merchant) or removes it (admin); listed counters follow. */
export async function setProductStatus(db: Database, productId: number, status: -1 | 0 | 1): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ isListed: products.isListed, shopId: products.shopId, categoryId: products.categoryId })
      .from(products)
      .where(eq(products.id, productId))
      .for('update');
    if (!current) throw new AppError('PRODUCT_NOT_FOUND');
    const [shop] = await tx
      .select({ status: shops.status })
      .from(shops)
      .where(eq(shops.id, current.shopId))
      .for('share');
    const isListed = status === 1 && shop?.status === 1;
    await tx.update(products).set({ status, isListed, updatedAt: sql`now()` }).where(eq(products.id, productId));
    await moveListedCounters(tx, current.shopId, current.categoryId, Number(isListed) - Number(current.isListed));
  });
}

/** Opens, closes or bans a shop; its products leave or rejoin the public lists with it. */
export async function setShopStatus(db: Database, shopId: number, status: -1 | 0 | 1): Promise<void> {
  await db.transaction(async (tx) => {
    const [shop] = await tx.update(shops).set({ status }).where(eq(shops.id, shopId)).returning({ id: shops.id });
    if (!shop) throw new AppError('SHOP_NOT_FOUND');
    const changed = await tx
      .update(products)
      .set({ isListed: sql`${products.status} = 1 and ${status} = 1` })
      .where(and(eq(products.shopId, shopId), sql`${products.isListed} <> (${products.status} = 1 and ${status} = 1)`))
      .returning({ categoryId: products.categoryId, isListed: products.isListed });
    const deltas = new Map<number, number>();
    for (const row of changed) deltas.set(row.categoryId, (deltas.get(row.categoryId) ?? 0) + (row.isListed ? 1 : -1));
    for (const [categoryId, delta] of deltas) {
      await tx
        .update(categories)
        .set({ productCount: sql`${categories.productCount} + ${delta}` })
        .where(eq(categories.id, categoryId));
    }
    const total = [...deltas.values()].reduce((sum, delta) => sum + delta, 0);
    if (total !== 0) {
      await tx
        .update(shops)
        .set({ productCount: sql`${shops.productCount} + ${total}` })
        .where(eq(shops.id, shopId));
    }
  });
}

/**
 * Moves a SKU's stock and its product's total by `delta` in ONE statement (a data-modifying CTE):
 * one round trip, no savepoint, and the SKU row lock is taken first, as in every other writer.
 * With `guard` the SKU is only changed while it has enough stock; the CHECK on stock backs it up.
 */
async function moveStock(db: Database, skuId: number, delta: number, guard: boolean): Promise<boolean> {
  const enough = guard ? sql`and stock + ${delta} >= 0` : sql``;
  const result = await db.execute<{ id: number }>(sql`
    with sku as (
      update ${productSkus} set stock = stock + ${delta} where id = ${skuId} ${enough} returning product_id
    )
    update ${products} set stock = ${products.stock} + ${delta} from sku where ${products.id} = sku.product_id
    returning ${products.id}`);
  return result.rows.length > 0;
}

/**
 * Takes `quantity` from a SKU's stock (checkout). The conditional update and the CHECK on stock
 * make overselling impossible; a shortfall is answered with INSUFFICIENT_STOCK.
 */
export async function reserveStock(db: Database, skuId: number, quantity: number): Promise<void> {
  if (await moveStock(db, skuId, -quantity, true)) return;
  const [exists] = await db.select({ id: productSkus.id }).from(productSkus).where(eq(productSkus.id, skuId));
  throw new AppError(exists ? 'INSUFFICIENT_STOCK' : 'SKU_NOT_FOUND');
}

/** Gives reserved stock back (cancelled order). */
export async function releaseStock(db: Database, skuId: number, quantity: number): Promise<void> {
  if (!(await moveStock(db, skuId, quantity, false))) throw new AppError('SKU_NOT_FOUND');
}

/** The platform day (`YYYY-MM-DD`) of an instant: sales and support days count in the platform time zone. */
export function platformDay(at: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/**
 * The 30-day window ending on `today` (a `YYYY-MM-DD` day in the platform time zone): units
 * sold and days with mutual-aid support, recomputed exactly from `shop_daily_stats`.
 * Called after each event for its shop, and by a daily sweep for all shops (the window slides).
 */
export async function refreshShopWindows(db: Database, today: string, shopIds?: readonly number[]): Promise<void> {
  const from = sql`(${today}::date - 29)`;
  await db
    .update(shops)
    .set({
      sales30d: sql`coalesce((select sum(${shopDailyStats.unitsSold}) from ${shopDailyStats} where ${shopDailyStats.shopId} = ${shops.id} and ${shopDailyStats.day} between ${from} and ${today}::date), 0)`,
      supportDays30d: sql`(select count(*) from ${shopDailyStats} where ${shopDailyStats.shopId} = ${shops.id} and ${shopDailyStats.supported} and ${shopDailyStats.day} between ${from} and ${today}::date)`,
    })
    .where(shopIds ? inArray(shops.id, [...shopIds]) : undefined);
}

export interface SaleLine {
  productId: number;
  quantity: number;
  /** What the buyer paid for the line, minor units. */
  amount: number;
}

/**
 * Counts a completed sale (orders module): product sold count, shop sales, the shop's day.
 * `day` is the sale's day and `today` the current platform day (the same, unless backfilling).
 */
export async function recordSales(
  db: Database,
  shopId: number,
  lines: readonly SaleLine[],
  day: string,
  today: string = day,
) {
  await db.transaction(async (tx) => {
    let units = 0;
    let amount = 0;
    for (const line of lines) {
      await tx
        .update(products)
        .set({ soldCount: sql`${products.soldCount} + ${line.quantity}` })
        .where(and(eq(products.id, line.productId), eq(products.shopId, shopId)));
      units += line.quantity;
      amount += line.amount;
    }
    await tx
      .update(shops)
      .set({ sales: sql`${shops.sales} + ${units}`, salesAmount: sql`${shops.salesAmount} + ${amount}` })
      .where(eq(shops.id, shopId));
    await tx
      .insert(shopDailyStats)
      .values({ shopId, day, unitsSold: units })
      .onConflictDoUpdate({
        target: [shopDailyStats.shopId, shopDailyStats.day],
        set: { unitsSold: sql`${shopDailyStats.unitsSold} + ${units}` },
      });
    await refreshShopWindows(tx, today, [shopId]);
  });
}

/**
 * Marks `day` as a day on which the shop received mutual-aid support (the mutual-aid module
 * calls this in its transaction). Idempotent per shop and day. `today` as for recordSales.
 */
export async function recordShopSupport(db: Database, shopId: number, day: string, today: string = day) {
  await db.transaction(async (tx) => {
    await tx
      .insert(shopDailyStats)
      .values({ shopId, day, supported: true })
      .onConflictDoUpdate({ target: [shopDailyStats.shopId, shopDailyStats.day], set: { supported: true } });
    await refreshShopWindows(tx, today, [shopId]);
  });
}

export interface NewReview {
  productId: number;
  skuId?: number | null;
  orderId?: number | null;
  orderItemId?: number | null;
  userId?: number | null;
  reviewerName?: string;
  specText?: string;
  productScore: number;
  serviceScore: number;
  postageScore: number;
  content: string;
  images?: string[];
}

/** Adds a review and moves the product's and the shop's review counters with it. */
export async function addReview(db: Database, input: NewReview): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ shopId: products.shopId })
      .from(products)
      .where(eq(products.id, input.productId));
    if (!product) throw new AppError('PRODUCT_NOT_FOUND');
    const [review] = await tx
      .insert(productReviews)
      .values({
        productId: input.productId,
        shopId: product.shopId,
        skuId: input.skuId ?? null,
        orderId: input.orderId ?? null,
        orderItemId: input.orderItemId ?? null,
        userId: input.userId ?? null,
        reviewerName: input.reviewerName ?? '',
        specText: input.specText ?? '',
        productScore: input.productScore,
        serviceScore: input.serviceScore,
        postageScore: input.postageScore,
        content: input.content,
        images: input.images ?? [],
      })
      .returning({ id: productReviews.id });
    if (!review) throw new Error('review insert returned nothing');
    const good = input.productScore >= 4 ? 1 : 0;
    await tx
      .update(products)
      .set({
        reviewCount: sql`${products.reviewCount} + 1`,
        goodReviewCount: sql`${products.goodReviewCount} + ${good}`,
      })
      .where(eq(products.id, input.productId));
    await tx
      .update(shops)
      .set({ reviewCount: sql`${shops.reviewCount} + 1`, goodReviewCount: sql`${shops.goodReviewCount} + ${good}` })
      .where(eq(shops.id, product.shopId));
    return review;
  });
}

/**
 * Rebuilds every catalog counter from the facts (SKUs, favourites, follows, reviews, listed
 * products). Used after bulk loads (demo seed, bench) and to verify the counters in tests.
 */
export async function recountCatalog(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(products).set({
      price: sql`coalesce((select min(${productSkus.price}) from ${productSkus} where ${productSkus.productId} = ${products.id}), ${products.price})`,
      stock: sql`coalesce((select sum(${productSkus.stock}) from ${productSkus} where ${productSkus.productId} = ${products.id}), 0)`,
      favouriteCount: sql`(select count(*) from ${productFavourites} where ${productFavourites.productId} = ${products.id})`,
      reviewCount: sql`(select count(*) from ${productReviews} where ${productReviews.productId} = ${products.id})`,
      goodReviewCount: sql`(select count(*) from ${productReviews} where ${productReviews.productId} = ${products.id} and ${productReviews.productScore} >= 4)`,
      isListed: sql`${products.status} = 1 and exists (select 1 from ${shops} where ${shops.id} = ${products.shopId} and ${shops.status} = 1)`,
    });
    await tx.update(shops).set({
      fans: sql`(select count(*) from ${shopFollows} where ${shopFollows.shopId} = ${shops.id})`,
      productCount: sql`(select count(*) from ${products} where ${products.shopId} = ${shops.id} and ${products.isListed})`,
      reviewCount: sql`(select count(*) from ${productReviews} where ${productReviews.shopId} = ${shops.id})`,
      goodReviewCount: sql`(select count(*) from ${productReviews} where ${productReviews.shopId} = ${shops.id} and ${productReviews.productScore} >= 4)`,
    });
    await tx.update(categories).set({
      productCount: sql`(select count(*) from ${products} where ${products.categoryId} = ${categories.id} and ${products.isListed})`,
    });
  });
}

/** Every counter that `recountCatalog` rebuilds, for tests that prove the services kept them exact. */
export async function readCounters(db: Database) {
  const [productRows, shopRows, categoryRows] = await Promise.all([
    db
      .select({
        id: products.id,
        price: products.price,
        stock: products.stock,
        favouriteCount: products.favouriteCount,
        reviewCount: products.reviewCount,
        goodReviewCount: products.goodReviewCount,
        isListed: products.isListed,
      })
      .from(products)
      .orderBy(products.id),
    db
      .select({
        id: shops.id,
        fans: shops.fans,
        productCount: shops.productCount,
        reviewCount: shops.reviewCount,
        goodReviewCount: shops.goodReviewCount,
      })
      .from(shops)
      .orderBy(shops.id),
    db
      .select({ id: categories.id, productCount: categories.productCount })
      .from(categories)
      .where(gt(categories.id, 0))
      .orderBy(categories.id),
  ]);
  return { products: productRows, shops: shopRows, categories: categoryRows };
}
