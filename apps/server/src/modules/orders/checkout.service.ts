import { randomUUID } from 'node:crypto';
import {
  type CheckoutBody,
  type LanguageFile,
  type OrderAddress,
  type OrderCreateResult,
  type OrderPreview,
  type OrderSummary,
  orderLimits,
} from '@crossmart/contract';
import { and, eq, ne, type Placeholder, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { fixedStatement, preparedOnce, runFixed } from '../../db/prepared.ts';
import type { I18nText, SpecPair } from '../../db/schema/json-types.ts';
import { orderItems, orderStatusLog, orders, promoCodes } from '../../db/schema/orders.ts';
import { AppError } from '../../errors.ts';
import { localText } from '../../shared/local-text.ts';
import { cartLinesForCheckout, deleteCartItems } from '../cart/index.ts';
import { reserveStock, skuLineFields, skuSnapshots } from '../catalog/index.ts';
import type { Transact } from './transact.ts';

/** Shipping address as the addresses module gives it; undefined when it is not the user's. */
export interface LookedUpAddress {
  name: string;
  mobile: string;
  area: string;
  address: string;
}
/** `getAddress(db, userId, addressId)` of the addresses module, injected from app.ts. */
export type AddressLookup = (db: Database, userId: number, addressId: number) => Promise<LookedUpAddress | undefined>;

interface Line {
  cartId: number | null;
  skuId: number;
  quantity: number;
  productId: number;
  title: string;
  titleI18n: I18nText;
  image: string;
  specs: SpecPair[];
  price: number;
  freight: number;
  stock: number;
  available: boolean;
  shopId: number;
  shopName: string;
}

interface Draft {
  shopId: number;
  shopName: string;
  lines: Line[];
  goods: number;
  freight: number;
  discount: number;
}

type Promo = typeof promoCodes.$inferSelect;

/**
 * The checkout's lines: the chosen cart lines (cart module) or one SKU bought now (catalog), one
 * statement either way. `lock`: the buyer's bag rows are locked (`FOR UPDATE`) until the checkout
 * commits, so a second checkout of the same bag waits, then finds the rows gone and fails instead
 * of ordering twice.
 */
async function loadLines(
  db: Database,
  userId: number,
  body: CheckoutBody,
  lang: LanguageFile,
  lock = false,
): Promise<Line[]> {
  const rows = body.cart_ids
    ? await cartLinesForCheckout(db, userId, body.cart_ids, lock)
    : await buyNowLine(db, body, lock ? userId : undefined);
  if (body.cart_ids && rows.length !== new Set(body.cart_ids).size) throw new AppError('CART_ITEM_NOT_FOUND');
  if (!body.cart_ids && rows.length === 0) throw new AppError('SKU_NOT_FOUND');
  if (rows.length === 0) throw new AppError('CHECKOUT_EMPTY');
  if (rows.some((row) => Number(row.quantity) > orderLimits.maxLineQuantity)) {
    throw new AppError('ORDER_LINE_LIMIT', { max: orderLimits.maxLineQuantity });
  }
  return rows.map(({ images, ...row }) => ({
    ...row,
    quantity: Number(row.quantity),
    title: localText(row.title, row.titleI18n, lang),
    image: images[0] ?? '',
  }));
}

/** The checkout lock of one buyer: one create at a time, so parallel creates cannot all pass the unpaid count. */
const checkoutLock = (userId: number | Placeholder) =>
  sql`pg_advisory_xact_lock(hashtext('crossmart.checkout'), ${userId})`;

/**
 * `lockFor`: the buyer whose checkout lock the same statement takes (a create; a preview takes none).
 * Built once per process (`preparedOnce`): the SKU, quantity and buyer are its parameters.
 */
async function buyNowLine(db: Database, body: CheckoutBody, lockFor?: number) {
  const locks = lockFor !== undefined;
  const statement = preparedOnce(db, `orders.buy-now-line.${locks ? 'lock' : 'read'}`, (root) => {
    const sku = skuSnapshots(root);
    return root
      .select({
        cartId: sql<number | null>`null::int`,
        skuId: sku.skuId,
        quantity: sql<number>`${sql.placeholder('quantity')}::int`,
        ...skuLineFields(sku),
        locked: locks ? sql<boolean>`${checkoutLock(sql.placeholder('userId'))} is not null` : sql<boolean>`false`,
      })
      .from(sku)
      .where(eq(sku.skuId, sql.placeholder('skuId')));
  });
  const rows = await statement.execute({ skuId: body.sku_id ?? 0, quantity: body.quantity ?? 1, userId: lockFor });
  return rows.map(({ locked: _, ...row }) => row);
}

function draftsOf(lines: Line[]): Draft[] {
  const drafts = new Map<number, Draft>();
  for (const line of lines) {
    if (!line.available) throw new AppError('PRODUCT_UNAVAILABLE', { title: line.title });
    let draft = drafts.get(line.shopId);
    if (!draft) {
      draft = { shopId: line.shopId, shopName: line.shopName, lines: [], goods: 0, freight: 0, discount: 0 };
      drafts.set(line.shopId, draft);
    }
    draft.lines.push(line);
    draft.goods += line.price * line.quantity;
    // docs/product-rules.md §3: an order pays the highest freight among its items.
    draft.freight = Math.max(draft.freight, line.freight);
  }
  return [...drafts.values()];
}

export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

async function findPromo(db: Database, code: string, lock: boolean): Promise<Promo> {
  const query = db
    .select()
    .from(promoCodes)
    .where(eq(promoCodes.code, normalizePromoCode(code)));
  const [promo] = lock ? await query.for('update') : await query;
  if (promo?.status !== 1) throw new AppError('PROMO_INVALID');
  return promo;
}

/**
 * Promo rules: the validity window, the per-user and total limits (checkouts whose orders are
 * not all cancelled), the minimum spend on goods (freight excluded) — the whole checkout for a platform
 * code, the shop's order for a shop code. Discounts never exceed the goods amount. A percentage
 * is taken per order (rounded down); a fixed platform amount is shared in proportion to the
 * orders' goods, the rounding remainder going to the largest order.
 */
async function applyPromo(db: Database, userId: number, promo: Promo, drafts: Draft[], now: Date): Promise<void> {
  // One answer for every reason a code cannot be used, so that probing learns nothing about which codes exist.
  if (now < promo.startsAt || now >= promo.endsAt) throw new AppError('PROMO_INVALID');
  const [used] = await db
    .select({ count: sql<number>`count(distinct ${orders.checkoutId})::int` })
    .from(orders)
    .where(and(eq(orders.promoCodeId, promo.id), eq(orders.userId, userId), ne(orders.status, -1)));
  if (Number(used?.count ?? 0) >= promo.perUserLimit) throw new AppError('PROMO_INVALID');
  if (promo.totalLimit !== null) {
    // Counted under the promo row's lock at create, so concurrent checkouts never pass the limit.
    const [all] = await db
      .select({ count: sql<number>`count(distinct ${orders.checkoutId})::int` })
      .from(orders)
      .where(and(eq(orders.promoCodeId, promo.id), ne(orders.status, -1)));
    if (Number(all?.count ?? 0) >= promo.totalLimit) throw new AppError('PROMO_INVALID');
  }
  const targets = promo.shopId === null ? drafts : drafts.filter((draft) => draft.shopId === promo.shopId);
  if (targets.length === 0) throw new AppError('PROMO_INVALID');
  const goods = targets.reduce((sum, draft) => sum + draft.goods, 0);
  if (goods < promo.minSpend) throw new AppError('PROMO_MIN_SPEND', { amount: promo.minSpend });
  if (promo.type === 'percent') {
    for (const draft of targets) draft.discount = Math.floor((draft.goods * promo.value) / 100);
    return;
  }
  const amount = Math.min(promo.value, goods);
  let given = 0;
  for (const draft of targets) {
    draft.discount = goods === 0 ? 0 : Math.floor((amount * draft.goods) / goods);
    given += draft.discount;
  }
  const largest = targets.reduce((best, draft) => (draft.goods > best.goods ? draft : best));
  largest.discount += amount - given;
}

async function resolveAddress(
  db: Database,
  lookup: AddressLookup,
  userId: number,
  addressId: number,
): Promise<OrderAddress> {
  const found = await lookup(db, userId, addressId);
  if (!found) throw new AppError('ADDRESS_NOT_FOUND');
  return { id: addressId, ...found };
}

const totalOf = (draft: Draft) => draft.goods + draft.freight - draft.discount;

/** Unique by construction: the day and the order's own sequence number. */
const orderNoOf = (day: string, id: number) => `${day}${String(id).padStart(10, '0')}`;

interface OrderInsert {
  userId: number;
  maxUnpaidOrders: number;
  day: string;
  /** One row per order; `draft` numbers them. */
  orders: Array<Record<string, unknown> & { draft: number }>;
  /** One row per line; `item` numbers them, `draft` names the order. */
  items: Array<Record<string, unknown> & { item: number; draft: number }>;
}

/**
 * The orders, their lines and their first status as ONE statement (data-modifying CTEs), with the
 * buyer's unpaid count checked in it: nothing is written when the buyer already holds
 * `maxUnpaidOrders` unpaid orders. Ids come from the sequences in the statement, so the answer
 * needs no read-back: order ids by draft, line ids by item. Built once per form (with or without
 * an unpaid limit), so a checkout costs no query building (ADR 0013, addendum 4).
 */
function insertOrdersStatement(limited: boolean) {
  const room = limited
    ? sql`(select count(*) from ${orders} where user_id = ${sql.placeholder('userId')}::int and status = 0)
        < ${sql.placeholder('maxUnpaidOrders')}::int`
    : sql`true`;
  // The ids are numbered from the JSON rows (not generate_series(0, $n)): PostgreSQL then plans the
  // statement for any count as it plans it for one, and keeps one generic plan (ADR 0013, addendum 3).
  return fixedStatement(sql`
    with order_ids as materialized (
      select nextval(pg_get_serial_sequence('orders', 'id'))::int as id, o.draft
      from jsonb_to_recordset(${sql.placeholder('orders')}::jsonb) as o(draft int)
      where ${room}
    ),
    item_ids as materialized (
      select nextval(pg_get_serial_sequence('order_items', 'id'))::int as id, i.item
      from jsonb_to_recordset(${sql.placeholder('items')}::jsonb) as i(item int)
      where exists (select 1 from order_ids)
    ),
    new_orders as (
      insert into ${orders} (id, order_no, user_id, shop_id, checkout_id, status, goods_amount, freight, discount,
        total, promo_code_id, promo_code, remark, address_id, address_name, address_mobile, address_area, address_detail)
      select ids.id, ${sql.placeholder('day')}::text || lpad(ids.id::text, 10, '0'), ${sql.placeholder('userId')}::int,
        o.shop_id, o.checkout_id, 0, o.goods_amount, o.freight, o.discount, o.total, o.promo_code_id, o.promo_code,
        o.remark, o.address_id, o.address_name, o.address_mobile, o.address_area, o.address_detail
      from jsonb_to_recordset(${sql.placeholder('orders')}::jsonb) as o(draft int, shop_id int, checkout_id uuid,
        goods_amount bigint, freight bigint, discount bigint, total bigint, promo_code_id int, promo_code text,
        remark text, address_id int, address_name text, address_mobile text, address_area text, address_detail text)
      join order_ids as ids using (draft)
      returning id
    ),
    new_items as (
      insert into ${orderItems} (id, order_id, product_id, sku_id, title, title_i18n, image, specs, price, freight,
        quantity, amount)
      select item_ids.id, order_ids.id, i.product_id, i.sku_id, i.title, i.title_i18n, i.image, i.specs, i.price,
        i.freight, i.quantity, i.amount
      from jsonb_to_recordset(${sql.placeholder('items')}::jsonb) as i(item int, draft int, product_id int,
        sku_id int, title text, title_i18n jsonb, image text, specs jsonb, price bigint, freight bigint,
        quantity int, amount bigint)
      join item_ids using (item)
      join order_ids using (draft)
      where exists (select 1 from new_orders)
    ),
    logged as (
      insert into ${orderStatusLog} (order_id, from_status, to_status, actor)
      select id, null, 0, 'buyer' from new_orders
    )
    select
      (select array_agg(id order by draft) from order_ids) as order_ids,
      (select array_agg(id order by item) from item_ids) as item_ids`);
}
const insertOrdersStatements = { limited: insertOrdersStatement(true), unlimited: insertOrdersStatement(false) };

/** Runs the insert above; undefined when the buyer's unpaid limit left nothing written. */
async function insertOrders(
  tx: Database,
  input: OrderInsert,
): Promise<{ orderIds: number[]; itemIds: number[] } | undefined> {
  const limited = Number.isFinite(input.maxUnpaidOrders);
  const [row] = await runFixed<{ order_ids: number[] | null; item_ids: number[] | null }>(
    tx,
    insertOrdersStatements[limited ? 'limited' : 'unlimited'],
    {
      userId: input.userId,
      maxUnpaidOrders: limited ? input.maxUnpaidOrders : null,
      day: input.day,
      orders: JSON.stringify(input.orders),
      items: JSON.stringify(input.items),
    },
  );
  if (!row?.order_ids || row.order_ids.length === 0) return undefined;
  return { orderIds: row.order_ids.map(Number), itemIds: (row.item_ids ?? []).map(Number) };
}

/** What `create` would make, without reserving anything (the checkout screen). */
export async function previewCheckout(
  db: Database,
  lookup: AddressLookup,
  userId: number,
  body: CheckoutBody,
  lang: LanguageFile,
  now = new Date(),
): Promise<OrderPreview> {
  const lines = await loadLines(db, userId, body, lang);
  const drafts = draftsOf(lines);
  for (const line of lines) if (line.quantity > line.stock) throw new AppError('INSUFFICIENT_STOCK');
  const promo = body.promo_code ? await findPromo(db, body.promo_code, false) : undefined;
  if (promo) await applyPromo(db, userId, promo, drafts, now);
  const address = body.address_id ? await resolveAddress(db, lookup, userId, body.address_id) : null;
  const previews = drafts.map((draft) => ({
    shop_id: draft.shopId,
    shop_name: draft.shopName,
    items: draft.lines.map((line) => ({
      product_id: line.productId,
      sku_id: line.skuId,
      title: line.title,
      image: line.image,
      specs: line.specs,
      price: line.price,
      quantity: line.quantity,
      amount: line.price * line.quantity,
    })),
    goods_amount: draft.goods,
    freight: draft.freight,
    discount: draft.discount,
    total: totalOf(draft),
  }));
  const sum = (pick: (order: (typeof previews)[number]) => number) => previews.reduce((s, o) => s + pick(o), 0);
  return {
    orders: previews,
    address,
    promo_code: promo?.code ?? null,
    goods_amount: sum((o) => o.goods_amount),
    freight: sum((o) => o.freight),
    discount: sum((o) => o.discount),
    total: sum((o) => o.total),
  };
}

/**
 * One order per shop, in one transaction: lines read and stock reserved (conditional updates,
 * SKUs in id order so concurrent checkouts never deadlock), prices, specs and the address
 * snapshotted, the promo row locked while its per-user limit is counted, cart lines removed.
 */
export async function createOrders(
  database: Database,
  lookup: AddressLookup,
  userId: number,
  body: CheckoutBody,
  lang: LanguageFile,
  transact: Transact = (work) => database.transaction(work),
  now = new Date(),
  maxUnpaidOrders = Number.POSITIVE_INFINITY,
): Promise<OrderCreateResult> {
  if (!body.address_id) throw new AppError('ADDRESS_REQUIRED');
  const address = await resolveAddress(database, lookup, userId, body.address_id);
  return transact(async (tx) => {
    const lines = await loadLines(tx, userId, body, lang, true);
    // The checkout lock (a buy-now line took it in its own statement): the unpaid count of the
    // insert below then runs under it, in a later snapshot than any create that held it before.
    if (body.cart_ids) await tx.execute(sql`select ${checkoutLock(userId)}`);
    const drafts = draftsOf(lines);
    const promo = body.promo_code ? await findPromo(tx, body.promo_code, true) : undefined;
    if (promo) await applyPromo(tx, userId, promo, drafts, now);

    const day = now.toISOString().slice(0, 10).replaceAll('-', '');
    const checkoutId = randomUUID();
    const promoOf = (draft: Draft) =>
      promo && (promo.shopId === null || promo.shopId === draft.shopId) ? promo : null;
    const itemRows = drafts.flatMap((draft, index) =>
      draft.lines.map((line) => ({
        draft: index,
        productId: line.productId,
        skuId: line.skuId,
        title: line.title,
        titleI18n: line.titleI18n,
        image: line.image,
        specs: line.specs,
        price: line.price,
        freight: line.freight,
        quantity: line.quantity,
        amount: line.price * line.quantity,
      })),
    );
    const inserted = await insertOrders(tx, {
      userId,
      maxUnpaidOrders,
      day,
      orders: drafts.map((draft, index) => ({
        draft: index,
        shop_id: draft.shopId,
        checkout_id: checkoutId,
        goods_amount: draft.goods,
        freight: draft.freight,
        discount: draft.discount,
        total: totalOf(draft),
        promo_code_id: promoOf(draft)?.id ?? null,
        promo_code: promoOf(draft)?.code ?? null,
        remark: body.remark ?? '',
        address_id: address.id,
        address_name: address.name,
        address_mobile: address.mobile,
        address_area: address.area,
        address_detail: address.address,
      })),
      items: itemRows.map((item, index) => ({
        item: index,
        draft: item.draft,
        product_id: item.productId,
        sku_id: item.skuId,
        title: item.title,
        title_i18n: item.titleI18n,
        image: item.image,
        specs: item.specs,
        price: item.price,
        freight: item.freight,
        quantity: item.quantity,
        amount: item.amount,
      })),
    });
    if (!inserted) throw new AppError('UNPAID_ORDER_LIMIT', { max: maxUnpaidOrders });
    const orderRows = drafts.map((draft, index) => {
      const id = inserted.orderIds[index] ?? 0;
      return { id, orderNo: orderNoOf(day, id), shopId: draft.shopId, draft };
    });

    // Stock last, by product id then SKU id: each move locks a SKU, then its product, and a payment
    // locks products in id order; in SKU id order alone, a product's newer SKU can come after another
    // product's older one, and a checkout beside a payment of both deadlocked (ADR 0013 addendum 7).
    const reservations = new Map<number, { productId: number; quantity: number }>();
    for (const line of lines) {
      const quantity = (reservations.get(line.skuId)?.quantity ?? 0) + line.quantity;
      reservations.set(line.skuId, { productId: line.productId, quantity });
    }
    const byProductThenSku = ([skuA, a]: [number, { productId: number }], [skuB, b]: [number, { productId: number }]) =>
      a.productId - b.productId || skuA - skuB;
    for (const [skuId, { quantity }] of [...reservations].sort(byProductThenSku)) {
      await reserveStock(tx, skuId, quantity);
    }
    if (body.cart_ids) {
      const removed = await deleteCartItems(tx, userId, body.cart_ids);
      // Fewer rows than ordered: another checkout took them meanwhile; this one must not stand.
      if (removed < lines.length) throw new AppError('CART_ITEM_NOT_FOUND');
    }
    // The answer is built from what was written (no read-back round trips).
    const createdAt = new Date().toISOString();
    const created = orderRows.map((row, index): OrderSummary => {
      const items = itemRows.flatMap((item, itemIndex) =>
        item.draft === index
          ? [
              {
                id: inserted.itemIds[itemIndex] ?? 0,
                product_id: item.productId,
                sku_id: item.skuId,
                title: item.title,
                image: item.image,
                specs: item.specs,
                price: item.price,
                quantity: item.quantity,
                amount: item.amount,
                // A new order's lines: nothing is reviewed before completion.
                reviewed: false,
              },
            ]
          : [],
      );
      return {
        id: row.id,
        order_no: row.orderNo,
        shop_id: row.shopId,
        shop_name: row.draft.shopName,
        status: 0,
        goods_amount: row.draft.goods,
        freight: row.draft.freight,
        discount: row.draft.discount,
        total: totalOf(row.draft),
        quantity: items.reduce((sum, item) => sum + item.quantity, 0),
        items,
        refunded_amount: 0,
        refund: null,
        created_at: createdAt,
      };
    });
    return {
      orders: created,
      order_ids: created.map((order) => order.id),
      total: created.reduce((sum, order) => sum + order.total, 0),
    };
  });
}
