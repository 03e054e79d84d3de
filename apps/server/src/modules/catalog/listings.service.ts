import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, productSkus, products, shops } from '../../db/schema/catalog.ts';
import type { I18nText, SpecPair } from '../../db/schema/json-types.ts';
import { AppError } from '../../errors.ts';
import { productSearchVector, shopSearchVector } from './search-vectors.ts';

/**
 * Shops and products come and go: created, put on or off the shelf, opened, closed or banned.
 * Listed counters of shops and categories move in the same transaction.
 *
 * Lock order (ADR 0013 addendum 6): the shop row first, then its products in id order, then
 * categories in id order. Every listing change takes the shop FOR NO KEY UPDATE, the lock its
 * listed counter needs anyway (a share lock upgraded later lets two changes of one shop wait on
 * each other); a suspension takes it FOR UPDATE.
 */

/**
 * Locks the shop row before any of its products: by its id, or by the id of one of its products.
 * Answers the shop's status (undefined: no such shop, or no such product).
 */
export async function lockShopFirst(
  db: Database,
  of: { shopId: number } | { productId: number },
): Promise<number | undefined> {
  const shopId =
    'shopId' in of
      ? sql`${of.shopId}`
      : sql`(select ${products.shopId} from ${products} where ${products.id} = ${of.productId})`;
  const [shop] = await db
    .select({ status: shops.status })
    .from(shops)
    .where(sql`${shops.id} = ${shopId}`)
    .for('no key update');
  return shop?.status;
}

/** Moves categories' listed counters by their deltas, one row after another in category id order. */
export async function moveCategoryCounters(db: Database, deltas: ReadonlyMap<number, number>): Promise<void> {
  for (const [categoryId, delta] of [...deltas].sort(([a], [b]) => a - b)) {
    if (delta === 0) continue;
    await db
      .update(categories)
      .set({ productCount: sql`${categories.productCount} + ${delta}` })
      .where(eq(categories.id, categoryId));
  }
}

export interface NewShop {
  name: string;
  ownerUserId?: number | null;
  logo?: string;
  banner?: string;
  /** Blurred stand-ins of the logo and banner (ADR 0014). */
  logoPlaceholder?: string;
  bannerPlaceholder?: string;
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
      logoPlaceholder: input.logoPlaceholder ?? '',
      bannerPlaceholder: input.bannerPlaceholder ?? '',
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
  /** Blurred stand-ins of `images`, same order (ADR 0014). */
  imagePlaceholders?: string[];
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
    const shopStatus = await lockShopFirst(tx, { shopId: input.shopId });
    if (shopStatus === undefined) throw new AppError('SHOP_NOT_FOUND');
    const status = input.status ?? 1;
    const isListed = status === 1 && shopStatus === 1;
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
        imagePlaceholders: input.imagePlaceholders ?? [],
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
    const shopStatus = await lockShopFirst(tx, { productId });
    // FOR NO KEY UPDATE: a checkout's foreign key on the product does not wait for it (ADR 0013 addendum 6).
    const [current] = await tx
      .select({ isListed: products.isListed, shopId: products.shopId, categoryId: products.categoryId })
      .from(products)
      .where(eq(products.id, productId))
      .for('no key update');
    if (!current) throw new AppError('PRODUCT_NOT_FOUND');
    const isListed = status === 1 && shopStatus === 1;
    await tx.update(products).set({ status, isListed, updatedAt: sql`now()` }).where(eq(products.id, productId));
    await moveListedCounters(tx, current.shopId, current.categoryId, Number(isListed) - Number(current.isListed));
  });
}

/** Opens, closes or bans a shop; its products leave or rejoin the public lists with it. */
export async function setShopStatus(db: Database, shopId: number, status: -1 | 0 | 1): Promise<void> {
  await db.transaction(async (tx) => {
    const [shop] = await tx.update(shops).set({ status }).where(eq(shops.id, shopId)).returning({ id: shops.id });
    if (!shop) throw new AppError('SHOP_NOT_FOUND');
    // The products whose listing changes, locked in id order, then their categories in id order.
    const listed = sql`(${products.status} = 1 and ${status}::int = 1)`;
    const changed = await tx.execute<{ categoryId: number; isListed: boolean }>(sql`
      with locked as materialized (
        select ${products.id} from ${products}
        where ${products.shopId} = ${shopId} and ${products.isListed} <> ${listed}
        order by ${products.id}
        for no key update
      )
      update ${products} set is_listed = ${listed} from locked where ${products.id} = locked.id
      returning ${products.categoryId} as "categoryId", ${products.isListed} as "isListed"`);
    const deltas = new Map<number, number>();
    for (const row of changed.rows) {
      deltas.set(row.categoryId, (deltas.get(row.categoryId) ?? 0) + (row.isListed ? 1 : -1));
    }
    await moveCategoryCounters(tx, deltas);
    const total = [...deltas.values()].reduce((sum, delta) => sum + delta, 0);
    if (total !== 0) {
      await tx
        .update(shops)
        .set({ productCount: sql`${shops.productCount} + ${total}` })
        .where(eq(shops.id, shopId));
    }
  });
}
