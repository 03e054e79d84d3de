import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { productSkus, products, shops } from './catalog.ts';
import type { I18nText, SpecPair } from './json-types.ts';

/**
 * Cart, orders, promo codes and logistics (issue 7). Order statuses are docs/spec.md §4's:
 * 0 waiting for payment, 1 waiting for delivery, 2 delivered, 3 received, 4 completed,
 * -1 cancelled, -2 refunded, -4 in after-sale (docs/product-rules.md, order lifecycle).
 */

/** Percentage (value 1–100) or fixed (value in minor units) discount; shop_id null = platform-wide. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    /** Stored upper-case; matched without regard to case. */
    code: text('code').notNull(),
    shopId: integer('shop_id').references(() => shops.id, { onDelete: 'cascade' }),
    type: text('type').$type<'percent' | 'fixed'>().notNull(),
    value: integer('value').notNull(),
    /** Goods subtotal (before freight) the code needs, minor units. */
    minSpend: integer('min_spend').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Checkouts per user (cancelled orders give their use back). */
    perUserLimit: integer('per_user_limit').notNull().default(1),
    /** Checkouts in all (cancelled orders give their use back); null = no limit. */
    totalLimit: integer('total_limit'),
    /** 1 active, 0 disabled. */
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('promo_codes_code_unique').on(table.code),
    check('promo_codes_type_check', sql`${table.type} in ('percent', 'fixed')`),
    check(
      'promo_codes_value_check',
      sql`${table.value} > 0 and (${table.type} = 'fixed' or ${table.value} <= 100) and ${table.minSpend} >= 0 and ${table.perUserLimit} >= 1 and (${table.totalLimit} is null or ${table.totalLimit} >= 1) and ${table.endsAt} > ${table.startsAt}`,
    ),
    check('promo_codes_status_check', sql`${table.status} in (0, 1)`),
  ],
);

/** One payment of one or more orders from the balance; its id is the ledger reference. */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('order_payments_amount_check', sql`${table.amount} >= 0`)],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    /** The orders made by one create call share it (promo per-user limits count checkouts). */
    checkoutId: uuid('checkout_id').notNull(),
    status: smallint('status').notNull().default(0),
    /** Sum of item amounts (price × quantity), minor units. */
    goodsAmount: bigint('goods_amount', { mode: 'number' }).notNull(),
    /** The highest freight among the order's items (docs/product-rules.md, order lifecycle). */
    freight: bigint('freight', { mode: 'number' }).notNull(),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    /** goods_amount + freight − discount: what the buyer pays. */
    total: bigint('total', { mode: 'number' }).notNull(),
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id),
    promoCode: text('promo_code'),
    remark: text('remark').notNull().default(''),
    /** The address the buyer chose, and a snapshot of it (the address may change later). */
    addressId: integer('address_id').notNull(),
    addressName: text('address_name').notNull(),
    addressMobile: text('address_mobile').notNull(),
    addressArea: text('address_area').notNull(),
    addressDetail: text('address_detail').notNull(),
    paymentId: integer('payment_id').references(() => orderPayments.id),
    carrier: text('carrier'),
    trackingNo: text('tracking_no'),
    /** What approved refunds returned to the buyer (minor units); settlement pays the merchant total − this. */
    refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull().default(0),
    /** Commission taken at settlement (minor units); null until settled. */
    commission: bigint('commission', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('orders_order_no_unique').on(table.orderNo),
    index('orders_user_status_idx').on(table.userId, table.status, table.id.desc().nullsFirst()),
    index('orders_user_id_idx').on(table.userId, table.id.desc().nullsFirst()),
    index('orders_shop_idx').on(table.shopId, table.id.desc().nullsFirst()),
    index('orders_promo_user_idx').on(table.promoCodeId, table.userId).where(sql`${table.promoCodeId} is not null`),
    // The sweeps' work lists stay small: each is a partial index on its own status.
    index('orders_unpaid_idx').on(table.createdAt).where(sql`${table.status} = 0`),
    index('orders_shipped_idx').on(table.shippedAt).where(sql`${table.status} = 2`),
    index('orders_received_idx').on(table.receivedAt).where(sql`${table.status} = 3`),
    index('orders_unsettled_idx').on(table.completedAt).where(sql`${table.status} = 4 and ${table.settledAt} is null`),
    check('orders_status_check', sql`${table.status} in (0, 1, 2, 3, 4, -1, -2, -4)`),
    check(
      'orders_amounts_check',
      sql`${table.goodsAmount} >= 0 and ${table.freight} >= 0 and ${table.discount} between 0 and ${table.goodsAmount} and ${table.total} = ${table.goodsAmount} + ${table.freight} - ${table.discount}`,
    ),
    // Refunds of one order never add up to more than was paid (docs/product-rules.md §3 "Refunds").
    check('orders_refunded_check', sql`${table.refundedAmount} between 0 and ${table.total}`),
    check('orders_paid_check', sql`${table.status} in (0, -1) or ${table.paymentId} is not null`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    skuId: integer('sku_id')
      .notNull()
      .references(() => productSkus.id),
    /** Snapshots at checkout: the title in the buyer's language then, and in every language the product had. */
    title: text('title').notNull(),
    titleI18n: jsonb('title_i18n').$type<I18nText>().notNull().default({}),
    image: text('image').notNull().default(''),
    specs: jsonb('specs').$type<SpecPair[]>().notNull().default([]),
    price: bigint('price', { mode: 'number' }).notNull(),
    freight: bigint('freight', { mode: 'number' }).notNull().default(0),
    quantity: integer('quantity').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('order_items_order_idx').on(table.orderId),
    check(
      'order_items_amounts_check',
      sql`${table.price} >= 0 and ${table.quantity} >= 1 and ${table.amount} = ${table.price} * ${table.quantity} and ${table.freight} >= 0`,
    ),
  ],
);

/** Every status change of an order, for the detail's history. */
export const orderStatusLog = pgTable(
  'order_status_log',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    /** buyer | merchant | system */
    actor: text('actor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_status_log_order_idx').on(table.orderId, table.id)],
);

/** Logistics timeline: shipping and the merchant's tracking events. */
export const orderLogisticsEvents = pgTable(
  'order_logistics_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    location: text('location').notNull().default(''),
    happenedAt: timestamp('happened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_logistics_events_order_idx').on(table.orderId, table.happenedAt)],
);

/**
 * Refund requests (issue 13, docs/product-rules.md §3 "Refunds"). One open request per order (a
 * unique partial index over the open statuses); `prior_status` is where the order goes back to.
 * `due_at` is the deadline of the current state's timer, which the order sweeps act on.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    type: text('type').$type<'refund_only' | 'return_and_refund'>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    productStatus: text('product_status').$type<'received' | 'not_received'>().notNull(),
    reason: text('reason').notNull(),
    explanation: text('explanation').notNull(),
    /** Private upload urls (`/api/upload/file/refund/…`), 1–6. */
    pictures: jsonb('pictures').$type<string[]>().notNull().default([]),
    itemIds: jsonb('item_ids').$type<number[]>().notNull().default([]),
    status: text('status').notNull().default('pending'),
    /** The order's status when the request (or the escalation) took it to −4. */
    priorStatus: smallint('prior_status').notNull(),
    refuseReason: text('refuse_reason').notNull().default(''),
    escalateReason: text('escalate_reason').notNull().default(''),
    adminNote: text('admin_note').notNull().default(''),
    decidedBy: integer('decided_by').references(() => users.id),
    returnCarrier: text('return_carrier'),
    returnTrackingNo: text('return_tracking_no'),
    dueAt: timestamp('due_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('order_refunds_one_open')
      .on(table.orderId)
      .where(sql`${table.status} in ('pending', 'refused', 'escalated', 'awaiting_return', 'returning')`),
    index('order_refunds_order_idx').on(table.orderId, table.id),
    index('order_refunds_shop_idx').on(table.shopId, table.id),
    index('order_refunds_user_idx').on(table.userId, table.id),
    index('order_refunds_due_idx')
      .on(table.status, table.dueAt)
      .where(sql`${table.status} in ('pending', 'refused', 'awaiting_return', 'returning')`),
    check('order_refunds_amount_check', sql`${table.amount} > 0`),
    check('order_refunds_type_check', sql`${table.type} in ('refund_only', 'return_and_refund')`),
    check('order_refunds_product_status_check', sql`${table.productStatus} in ('received', 'not_received')`),
    check(
      'order_refunds_status_check',
      sql`${table.status} in ('pending', 'refused', 'escalated', 'awaiting_return', 'returning', 'refunded', 'closed')`,
    ),
    check('order_refunds_prior_status_check', sql`${table.priorStatus} in (1, 2, 3)`),
  ],
);

/** Every step of a refund request with its time and actor, for the detail screens. */
export const orderRefundSteps = pgTable(
  'order_refund_steps',
  {
    id: serial('id').primaryKey(),
    refundId: integer('refund_id')
      .notNull()
      .references(() => orderRefunds.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    /** buyer | merchant | admin | system */
    actor: text('actor').notNull(),
    note: text('note').notNull().default(''),
    amount: bigint('amount', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_refund_steps_refund_idx').on(table.refundId, table.id)],
);
