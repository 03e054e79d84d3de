import type { CartAddBody, CartItemRow, CartList, CartUpdateBody, LanguageFile } from '@crossmart/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { cartItems } from '../../db/schema/cart.ts';
import { AppError } from '../../errors.ts';
import { localText } from '../../shared/local-text.ts';
import { skuLineFields, skuSnapshots, skuStock } from '../catalog/index.ts';

const rowColumns = {
  id: cartItems.id,
  sku_id: cartItems.skuId,
  quantity: cartItems.quantity,
  selected: cartItems.selected,
};

/**
 * Adds a SKU, or adds to its quantity when already in the cart (one row per user and SKU).
 * The resulting quantity may not exceed the stock at this moment; checkout checks again.
 * A new line is written only when its quantity fits, an existing one grows only while the sum
 * fits (`setWhere`), so a concurrent add of the same SKU never sees a line that gets refused.
 */
export async function addToCart(db: Database, userId: number, body: CartAddBody): Promise<CartItemRow> {
  const { stock, available, title } = await skuStock(db, body.sku_id);
  if (!available) throw new AppError('PRODUCT_UNAVAILABLE', { title });
  // Refused before any write: inserted and deleted afterwards, the line was seen meanwhile by a
  // concurrent add of the same SKU, which counted it and was refused (a-insert-races.rel.ts).
  if (body.quantity > stock) throw new AppError('INSUFFICIENT_STOCK');
  const [row] = await db
    .insert(cartItems)
    .values({ userId, skuId: body.sku_id, quantity: body.quantity, selected: true })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.skuId],
      set: { quantity: sql`${cartItems.quantity} + excluded.quantity`, selected: true, updatedAt: sql`now()` },
      setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${stock}`,
    })
    .returning(rowColumns);
  if (!row) throw new AppError('INSUFFICIENT_STOCK');
  return row;
}

export async function updateCartItem(db: Database, userId: number, body: CartUpdateBody): Promise<CartItemRow> {
  const [current] = await db
    .select({ skuId: cartItems.skuId })
    .from(cartItems)
    .where(and(eq(cartItems.id, body.id), eq(cartItems.userId, userId)));
  if (!current) throw new AppError('CART_ITEM_NOT_FOUND');
  if (body.quantity !== undefined) {
    const { stock } = await skuStock(db, current.skuId);
    if (body.quantity > stock) throw new AppError('INSUFFICIENT_STOCK');
  }
  const [row] = await db
    .update(cartItems)
    .set({
      ...(body.quantity !== undefined ? { quantity: body.quantity } : {}),
      ...(body.selected !== undefined ? { selected: body.selected } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(cartItems.id, body.id), eq(cartItems.userId, userId)))
    .returning(rowColumns);
  if (!row) throw new AppError('CART_ITEM_NOT_FOUND');
  return row;
}

export async function selectAllCartItems(db: Database, userId: number, selected: boolean): Promise<void> {
  await db.update(cartItems).set({ selected, updatedAt: sql`now()` }).where(eq(cartItems.userId, userId));
}

export async function deleteCartItems(db: Database, userId: number, ids: readonly number[]): Promise<number> {
  const deleted = await db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.id, [...ids])))
    .returning({ id: cartItems.id });
  return deleted.length;
}

export async function countCart(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
  return Number(row?.count ?? 0);
}

/** The cart grouped per shop (shops in the order their first line was added), with current product data. */
export async function listCart(db: Database, userId: number, lang: LanguageFile): Promise<CartList> {
  const sku = skuSnapshots(db);
  const rows = await db
    .select({
      id: cartItems.id,
      sku_id: cartItems.skuId,
      quantity: cartItems.quantity,
      selected: cartItems.selected,
      product_id: sku.productId,
      title: sku.title,
      titleI18n: sku.titleI18n,
      images: sku.images,
      specs: sku.specs,
      price: sku.price,
      stock: sku.stock,
      available: sku.available,
      shop_id: sku.shopId,
      shop_name: sku.shopName,
      shop_logo: sku.shopLogo,
    })
    .from(cartItems)
    .innerJoin(sku, eq(sku.skuId, cartItems.skuId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.id));
  const groups = new Map<number, CartList['shops'][number]>();
  let count = 0;
  let selectedCount = 0;
  let selectedAmount = 0;
  for (const row of rows) {
    let group = groups.get(row.shop_id);
    if (!group) {
      group = { shop_id: row.shop_id, shop_name: row.shop_name, shop_logo: row.shop_logo, items: [] };
      groups.set(row.shop_id, group);
    }
    // A line counts towards the total only when it could be checked out: listed and in stock.
    const available = row.available && row.stock > 0;
    group.items.push({
      id: row.id,
      sku_id: row.sku_id,
      quantity: row.quantity,
      selected: row.selected,
      product_id: row.product_id,
      title: localText(row.title, row.titleI18n, lang),
      image: row.images[0] ?? '',
      specs: row.specs,
      price: row.price,
      stock: row.stock,
      available,
    });
    count += row.quantity;
    if (row.selected && available) {
      selectedCount += row.quantity;
      selectedAmount += row.price * row.quantity;
    }
  }
  return {
    shops: [...groups.values()],
    count,
    selected_count: selectedCount,
    selected_amount: selectedAmount,
    all_selected: rows.length > 0 && rows.every((row) => row.selected),
  };
}

/**
 * The user's cart lines `ids` with their SKU's current data, in cart order, for checkout (one
 * statement, run on the caller's transaction). Lines that are not the user's are simply absent.
 */
export async function cartLinesForCheckout(db: Database, userId: number, ids: readonly number[], lock = false) {
  const sku = skuSnapshots(db);
  const query = db
    .select({
      cartId: cartItems.id,
      skuId: sku.skuId,
      quantity: cartItems.quantity,
      ...skuLineFields(sku),
    })
    .from(cartItems)
    .innerJoin(sku, eq(sku.skuId, cartItems.skuId))
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.id, [...ids])))
    .orderBy(asc(cartItems.id));
  return lock ? query.for('update', { of: cartItems }) : query;
}
