import { type AnyColumn, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { productSkus, products, shops } from '../../db/schema/catalog.ts';
import { AppError } from '../../errors.ts';

/**
 * What other modules read of the catalog. A relation (a subquery, not yet run) lets the caller
 * join catalog rows to its own table in the same statement and the caller's transaction, so the
 * catalog keeps its tables to itself without costing a round trip. Drizzle names a subquery's
 * fields without the subquery's alias, so each field carries a prefix no caller's table uses.
 */
function field<Column extends AnyColumn>(column: Column, name: string) {
  return sql<Column['_']['data']>`${column}`.as(name);
}

/** Every SKU with its product and shop: the data a cart line shows and an order line snapshots. */
export function skuSnapshots(db: Database) {
  return db
    .select({
      skuId: field(productSkus.id, 'snapshot_sku_id'),
      productId: field(products.id, 'snapshot_product_id'),
      title: field(products.title, 'snapshot_title'),
      titleI18n: field(products.titleI18n, 'snapshot_title_i18n'),
      images: field(products.images, 'snapshot_images'),
      specs: field(productSkus.specs, 'snapshot_specs'),
      price: field(productSkus.price, 'snapshot_price'),
      freight: field(products.freight, 'snapshot_freight'),
      stock: field(productSkus.stock, 'snapshot_stock'),
      available: field(products.isListed, 'snapshot_available'),
      shopId: field(shops.id, 'snapshot_shop_id'),
      shopName: field(shops.name, 'snapshot_shop_name'),
      shopLogo: field(shops.logo, 'snapshot_shop_logo'),
    })
    .from(productSkus)
    .innerJoin(products, eq(products.id, productSkus.productId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .as('sku_snapshots');
}

/** The fields of a checkout line (a cart line or a buy-now), read from `skuSnapshots`. */
export function skuLineFields(sku: ReturnType<typeof skuSnapshots>) {
  return {
    productId: sku.productId,
    title: sku.title,
    titleI18n: sku.titleI18n,
    images: sku.images,
    specs: sku.specs,
    price: sku.price,
    freight: sku.freight,
    stock: sku.stock,
    available: sku.available,
    shopId: sku.shopId,
    shopName: sku.shopName,
  };
}

/** Each shop's name and owner, for joins from orders (names in lists, the owner who may ship). */
export function shopRefs(db: Database) {
  return db
    .select({
      shopId: field(shops.id, 'shop_ref_id'),
      shopName: field(shops.name, 'shop_ref_name'),
      ownerUserId: field(shops.ownerUserId, 'shop_ref_owner_user_id'),
    })
    .from(shops)
    .as('shop_refs');
}

/** The user who is paid for the shop's orders; null when the shop has none (or does not exist). */
export async function shopOwner(db: Database, shopId: number): Promise<number | null> {
  const [shop] = await db.select({ ownerUserId: shops.ownerUserId }).from(shops).where(eq(shops.id, shopId));
  return shop?.ownerUserId ?? null;
}

/** Stock and shelf state of a SKU right now (adding to the cart checks against it). */
export async function skuStock(
  db: Database,
  skuId: number,
): Promise<{ stock: number; available: boolean; title: string }> {
  const [sku] = await db
    .select({ stock: productSkus.stock, available: products.isListed, title: products.title })
    .from(productSkus)
    .innerJoin(products, eq(products.id, productSkus.productId))
    .where(eq(productSkus.id, skuId));
  if (!sku) throw new AppError('SKU_NOT_FOUND');
  return sku;
}
