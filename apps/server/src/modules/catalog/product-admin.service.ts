import type { ProductSaveBody } from '@crossmart/contract';
import { and, asc, count, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, productReviews, productSkus, products } from '../../db/schema/catalog.ts';
import { AppError } from '../../errors.ts';
import { createProduct, lockShopFirst, moveCategoryCounters, setProductStatus } from './listings.service.ts';
import { productSearchVector } from './search-vectors.ts';

/**
 * The seller platform's product writing (issue 12). Every function takes the caller's shop id and
 * treats another shop's product exactly like a missing one (PRODUCT_NOT_FOUND).
 */

/** Whether a picture is the merchant's own upload; called with the save's transaction handle. */
type ImageCheck = (db: Database, url: string) => Promise<boolean>;
/** Blurred stand-ins of uploaded pictures, in the urls' order ('' when unknown): the uploads module's. */
export type PlaceholderLookup = (db: Database, urls: readonly string[]) => Promise<string[]>;

const pickTitle = (i18n: Record<string, string | undefined>) =>
  i18n.en || Object.values(i18n).find((text): text is string => Boolean(text)) || '';
const compact = (i18n: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(i18n).filter((entry): entry is [string, string] => Boolean(entry[1])));

const fieldError = (field: string, key: string) => new AppError('VALIDATION_FAILED', undefined, { [field]: key });

const isFkViolation = (error: unknown) =>
  (error as { cause?: { code?: string } })?.cause?.code === '23503' || (error as { code?: string })?.code === '23503';

async function requireCategory(db: Database, categoryId: number) {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  if (!row) throw fieldError('category_id', 'validation.category_invalid');
}

/**
 * The shop's product, locked in the order of ADR 0013 addendum 6: the shop row, then (`skus`, an
 * edit) the product's SKUs in id order, then the product. A suspension takes the shop before its
 * products, and a checkout or a cancel moves a SKU's stock before its product's. The SKUs are
 * taken FOR UPDATE: an edit may delete some, and a checkout's foreign key waits on them. The
 * product is taken FOR NO KEY UPDATE, which a checkout's foreign key on it (taken before its SKUs)
 * does not wait for; a delete (`forDelete`) takes it FOR UPDATE before anything else of it.
 */
async function lockOwnProduct(
  db: Database,
  shopId: number,
  productId: number,
  lock: { skus?: boolean; forDelete?: boolean } = {},
) {
  await lockShopFirst(db, { shopId });
  const own = and(eq(products.id, productId), eq(products.shopId, shopId));
  if (lock.skus) {
    await db
      .select({ id: productSkus.id })
      .from(productSkus)
      .where(inArray(productSkus.productId, db.select({ id: products.id }).from(products).where(own)))
      .orderBy(asc(productSkus.id))
      .for('update');
  }
  const [row] = await db
    .select()
    .from(products)
    .where(own)
    .for(lock.forDelete ? 'update' : 'no key update');
  if (!row) throw new AppError('PRODUCT_NOT_FOUND');
  return row;
}

function skuRows(body: ProductSaveBody) {
  return body.skus.map((sku) => ({
    key: JSON.stringify(sku.values),
    specs: body.specs.map((spec, index) => ({ name: spec.name, value: sku.values[index] ?? '' })),
    price: sku.price,
    stock: sku.stock,
  }));
}

/** Creates (no id) or edits a product of the shop; SKUs follow the spec combinations. */
export async function saveShopProduct(
  db: Database,
  shopId: number,
  body: ProductSaveBody,
  isOwnImage: ImageCheck,
  placeholdersOf: PlaceholderLookup = async (_db, urls) => urls.map(() => ''),
): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await requireCategory(tx, body.category_id);
    const titleI18n = compact(body.title_i18n);
    const descriptionI18n = compact(body.description_i18n);
    const title = pickTitle(titleI18n);
    const description = pickTitle(descriptionI18n);
    const rows = skuRows(body);
    const existing = body.id === undefined ? undefined : await lockOwnProduct(tx, shopId, body.id, { skus: true });
    // Pictures already on the product may be the seed's; new ones must be the merchant's own uploads.
    for (const [index, url] of body.images.entries()) {
      if (existing?.images.includes(url)) continue;
      if (!(await isOwnImage(tx, url))) throw fieldError(`images.${index}`, 'validation.invalid');
    }
    // A picture kept from before keeps its stand-in (the seed's are not uploads); new ones come from their upload.
    const looked = await placeholdersOf(tx, body.images);
    const imagePlaceholders = body.images.map((url, index) => {
      const before = existing?.images.indexOf(url) ?? -1;
      return (before >= 0 ? existing?.imagePlaceholders[before] : undefined) || looked[index] || '';
    });
    if (!existing) {
      const created = await createProduct(tx, {
        shopId,
        categoryId: body.category_id,
        title,
        titleI18n,
        description,
        descriptionI18n,
        images: body.images,
        imagePlaceholders,
        freight: body.freight,
        status: body.status,
        skus: rows.map(({ specs, price, stock }) => ({ specs, price, stock })),
      });
      return { id: created.id };
    }
    const current = await tx
      .select({ id: productSkus.id, specs: productSkus.specs })
      .from(productSkus)
      .where(eq(productSkus.productId, existing.id));
    const byKey = new Map(current.map((sku) => [JSON.stringify(sku.specs.map((pair) => pair.value)), sku]));
    const sameNames = (specs: { name: string }[]) => specs.map((pair) => pair.name).join('\u0000');
    const wantedNames = body.specs.map((spec) => spec.name).join('\u0000');
    const kept = new Set<number>();
    for (const [index, row] of rows.entries()) {
      const match = byKey.get(row.key);
      if (match && sameNames(match.specs) === wantedNames) {
        kept.add(match.id);
        await tx
          .update(productSkus)
          .set({ specs: row.specs, price: row.price, stock: row.stock, sortOrder: index })
          .where(eq(productSkus.id, match.id));
      } else {
        await tx
          .insert(productSkus)
          .values({ productId: existing.id, specs: row.specs, price: row.price, stock: row.stock, sortOrder: index });
      }
    }
    const removed = current.filter((sku) => !kept.has(sku.id)).map((sku) => sku.id);
    if (removed.length > 0) {
      try {
        await tx.transaction((inner) => inner.delete(productSkus).where(inArray(productSkus.id, removed)));
      } catch (error) {
        if (isFkViolation(error)) throw fieldError('skus', 'validation.sku_has_orders');
        throw error;
      }
    }
    const input = { title, titleI18n, description, descriptionI18n };
    await tx
      .update(products)
      .set({
        ...input,
        categoryId: body.category_id,
        images: body.images,
        imagePlaceholders,
        freight: body.freight,
        price: Math.min(...rows.map((row) => row.price)),
        stock: rows.reduce((sum, row) => sum + row.stock, 0),
        searchVector: productSearchVector(input),
        updatedAt: sql`now()`,
      })
      .where(eq(products.id, existing.id));
    if (existing.categoryId !== body.category_id && existing.isListed) {
      // Both counters in category id order, whichever way the product moves.
      await moveCategoryCounters(
        tx,
        new Map([
          [existing.categoryId, -1],
          [body.category_id, 1],
        ]),
      );
    }
    if (existing.status !== -1 && existing.status !== body.status) await setProductStatus(tx, existing.id, body.status);
    return { id: existing.id };
  });
}

/** On or off sale; a product an admin removed (-1) stays removed. */
export async function setShopProductStatus(db: Database, shopId: number, productId: number, status: 0 | 1) {
  return db.transaction(async (tx) => {
    const product = await lockOwnProduct(tx, shopId, productId);
    if (product.status === -1) throw new AppError('PRODUCT_UNAVAILABLE', { title: product.title });
    await setProductStatus(tx, productId, status);
    return { id: productId };
  });
}

/** Whether any order has a line of the product: the orders module's, called with the delete's transaction. */
export type OrderedCheck = (db: Database, productId: number) => Promise<boolean>;

/**
 * Deletes a product nobody has ordered; a product with orders can only be taken off sale. Its
 * orders are looked for before the delete: the delete's cascade locks the SKUs after the product,
 * against the order of a cancel giving stock back (ADR 0013 addendum 6); the foreign key backs it up.
 */
export async function deleteShopProduct(db: Database, shopId: number, productId: number, isOrdered: OrderedCheck) {
  return db.transaction(async (tx) => {
    const product = await lockOwnProduct(tx, shopId, productId, { forDelete: true });
    if (await isOrdered(tx, productId)) throw new AppError('PRODUCT_HAS_ORDERS');
    if (product.isListed) await setProductStatus(tx, productId, 0);
    try {
      await tx.transaction((inner) => inner.delete(products).where(eq(products.id, productId)));
    } catch (error) {
      if (isFkViolation(error)) throw new AppError('PRODUCT_HAS_ORDERS');
      throw error;
    }
    return { id: productId };
  });
}

export async function listShopProducts(
  db: Database,
  shopId: number,
  query: { status: 'all' | '1' | '0' | '-1'; keyword?: string | undefined; page: number; limit: number },
) {
  const keyword = query.keyword ? ilike(products.title, `%${query.keyword.replace(/[%_\\]/g, '\\$&')}%`) : undefined;
  const status = query.status === 'all' ? undefined : eq(products.status, Number(query.status));
  const rows = await db
    .select({
      id: products.id,
      title: products.title,
      images: products.images,
      price: products.price,
      stock: products.stock,
      sold: products.soldCount,
      status: products.status,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .where(and(eq(products.shopId, shopId), status, keyword))
    .orderBy(desc(products.updatedAt), desc(products.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  const grouped = await db
    .select({ status: products.status, n: count() })
    .from(products)
    .where(and(eq(products.shopId, shopId), keyword))
    .groupBy(products.status);
  const counts = { all: 0, '1': 0, '0': 0, '-1': 0 };
  for (const group of grouped) {
    counts.all += group.n;
    const key = String(group.status) as '1' | '0' | '-1';
    counts[key] = group.n;
  }
  return {
    list: rows.slice(0, query.limit).map((row) => ({
      id: row.id,
      title: row.title,
      image: row.images[0] ?? '',
      price: row.price,
      stock: row.stock,
      sold: row.sold,
      status: row.status,
      updated_at: row.updatedAt.toISOString(),
    })),
    page: query.page,
    limit: query.limit,
    has_more: rows.length > query.limit,
    total: counts[query.status],
    counts,
  };
}

/** The editable form of one of the shop's products. */
export async function getShopProductForm(db: Database, shopId: number, productId: number) {
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.shopId, shopId)));
  if (!product) throw new AppError('PRODUCT_NOT_FOUND');
  const skus = await db
    .select({ id: productSkus.id, specs: productSkus.specs, price: productSkus.price, stock: productSkus.stock })
    .from(productSkus)
    .where(eq(productSkus.productId, productId))
    .orderBy(asc(productSkus.sortOrder), asc(productSkus.id));
  const specs: { name: string; values: string[] }[] = (skus[0]?.specs ?? []).map((pair) => ({
    name: pair.name,
    values: [],
  }));
  for (const sku of skus) {
    sku.specs.forEach((pair, index) => {
      const spec = specs[index];
      if (spec && !spec.values.includes(pair.value)) spec.values.push(pair.value);
    });
  }
  const titleI18n = compact(product.titleI18n);
  return {
    id: product.id,
    category_id: product.categoryId,
    title_i18n: Object.keys(titleI18n).length > 0 ? titleI18n : { en: product.title },
    description_i18n: compact(product.descriptionI18n),
    images: product.images,
    freight: product.freight,
    status: product.status,
    specs,
    skus: skus.map((sku) => ({
      id: sku.id,
      values: sku.specs.map((pair) => pair.value),
      price: sku.price,
      stock: sku.stock,
    })),
  };
}

/** The shop's reviews, newest first, with its reply. */
export async function listShopReviews(db: Database, shopId: number, page: { page: number; limit: number }) {
  const rows = await db
    .select({
      id: productReviews.id,
      productId: productReviews.productId,
      productTitle: products.title,
      reviewer: productReviews.reviewerName,
      score: productReviews.productScore,
      content: productReviews.content,
      images: productReviews.images,
      reply: productReviews.reply,
      createdAt: productReviews.createdAt,
    })
    .from(productReviews)
    .innerJoin(products, eq(products.id, productReviews.productId))
    .where(eq(productReviews.shopId, shopId))
    .orderBy(desc(productReviews.id))
    .limit(page.limit + 1)
    .offset((page.page - 1) * page.limit);
  return {
    list: rows.slice(0, page.limit).map((row) => ({
      id: row.id,
      product_id: row.productId,
      product_title: row.productTitle,
      reviewer: row.reviewer,
      score: row.score,
      content: row.content,
      images: row.images,
      reply: row.reply,
      created_at: row.createdAt.toISOString(),
    })),
    page: page.page,
    limit: page.limit,
    has_more: rows.length > page.limit,
  };
}

/** The shop answers a review once. */
export async function replyToShopReview(db: Database, shopId: number, reviewId: number, content: string) {
  const [updated] = await db
    .update(productReviews)
    .set({ reply: content, repliedAt: sql`now()` })
    .where(and(eq(productReviews.id, reviewId), eq(productReviews.shopId, shopId), isNull(productReviews.reply)))
    .returning({ id: productReviews.id });
  if (updated) return { id: updated.id };
  const [exists] = await db
    .select({ id: productReviews.id })
    .from(productReviews)
    .where(and(eq(productReviews.id, reviewId), eq(productReviews.shopId, shopId)));
  throw new AppError(exists ? 'REVIEW_ALREADY_REPLIED' : 'REVIEW_NOT_FOUND');
}
