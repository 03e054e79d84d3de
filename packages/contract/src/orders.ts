import { z } from 'zod';
import { payPasswordFieldSchema } from './accounts.ts';
import { specPairSchema } from './catalog.ts';
import { pageOf, pageQuerySchema, rowIdQuerySchema } from './envelope.ts';

/** Checkout, payment and orders (docs/product-rules.md §3, §9; docs/spec.md §4 statuses). Amounts in minor units. */

const id = rowIdQuerySchema;

/** Against stock hoarding: one checkout line holds at most this many pieces (unpaid orders: a platform setting). */
export const orderLimits = { maxLineQuantity: 99 } as const;

export const orderStatuses = [0, 1, 2, 3, 4, -1, -2, -4] as const;
export const orderStatusSchema = z.union(orderStatuses.map((status) => z.literal(status)));
export type OrderStatus = z.infer<typeof orderStatusSchema>;
/** Filters of `GET /api/user/order_list` (docs/spec.md §4). */
export const orderStatusFilters = ['all', '0', '1', '2', '3', '4', '-1', '-2', '-4'] as const;

/**
 * A request's states. Open (one per order, a unique partial index): pending (the merchant must
 * answer), refused (the buyer may escalate once), escalated (an admin decides), awaiting_return
 * (approved return: the buyer ships the parcel back), returning (the merchant confirms arrival).
 * Final: refunded (money moved) and closed (refused for good, or the return never shipped).
 */
export const refundStatuses = [
  'pending',
  'refused',
  'escalated',
  'awaiting_return',
  'returning',
  'refunded',
  'closed',
] as const;
export type RefundStatus = (typeof refundStatuses)[number];
export const openRefundStatuses = [
  'pending',
  'refused',
  'escalated',
  'awaiting_return',
  'returning',
] as const satisfies readonly RefundStatus[];

export const checkoutBodySchema = z
  .object({
    cart_ids: z.array(id).min(1).max(200).optional(),
    sku_id: id.optional(),
    quantity: z.coerce
      .number()
      .int()
      .min(1, { error: 'validation.too_small' })
      .max(orderLimits.maxLineQuantity, { error: 'validation.too_big' })
      .optional(),
    address_id: id.optional(),
    promo_code: z.string().trim().max(40, { error: 'validation.too_long' }).optional(),
    remark: z.string().trim().max(200, { error: 'validation.too_long' }).optional(),
  })
  .refine((body) => Boolean(body.cart_ids) !== Boolean(body.sku_id), {
    error: 'validation.required',
    path: ['cart_ids'],
  });
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;
/** What a client sends to `POST /api/order/preview` and `/api/order/create`. */
export type CheckoutInput = z.input<typeof checkoutBodySchema>;

export const orderAddressSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  area: z.string(),
  address: z.string(),
});
export type OrderAddress = z.infer<typeof orderAddressSchema>;

export const orderItemSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  sku_id: z.number().int(),
  title: z.string(),
  image: z.string(),
  specs: z.array(specPairSchema),
  price: z.number().int(),
  quantity: z.number().int(),
  amount: z.number().int(),
  /** The buyer has reviewed this line (a completed order's lines may be reviewed once each). */
  reviewed: z.boolean(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** One shop's part of a checkout preview. */
export const previewOrderSchema = z.object({
  shop_id: z.number().int(),
  shop_name: z.string(),
  items: z.array(orderItemSchema.omit({ id: true, reviewed: true })),
  goods_amount: z.number().int(),
  freight: z.number().int(),
  discount: z.number().int(),
  total: z.number().int(),
});
export const orderPreviewSchema = z.object({
  orders: z.array(previewOrderSchema),
  address: orderAddressSchema.nullable(),
  promo_code: z.string().nullable(),
  goods_amount: z.number().int(),
  freight: z.number().int(),
  discount: z.number().int(),
  total: z.number().int(),
});
export type OrderPreview = z.infer<typeof orderPreviewSchema>;

export const orderSummarySchema = z.object({
  id: z.number().int(),
  order_no: z.string(),
  shop_id: z.number().int(),
  shop_name: z.string(),
  status: orderStatusSchema,
  goods_amount: z.number().int(),
  freight: z.number().int(),
  discount: z.number().int(),
  total: z.number().int(),
  quantity: z.number().int(),
  items: z.array(orderItemSchema),
  created_at: z.string(),
  /** What settled refunds returned to the buyer (minor units); the order still shows its total. */
  refunded_amount: z.number().int(),
  /** The order's latest refund request, for the refund labels and the link to its detail. */
  refund: z.object({ id: z.number().int(), status: z.enum(refundStatuses) }).nullable(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderCreateResultSchema = z.object({
  orders: z.array(orderSummarySchema),
  order_ids: z.array(z.number().int()),
  total: z.number().int(),
});
export type OrderCreateResult = z.infer<typeof orderCreateResultSchema>;

export const verifyPayBodySchema = z.object({
  order_ids: z.array(id).min(1).max(50),
  paypwd: payPasswordFieldSchema,
});
export const verifyPayResultSchema = z.object({
  payment_id: z.number().int(),
  order_ids: z.array(z.number().int()),
  amount: z.number().int(),
  balance: z.number().int(),
});
export type VerifyPayResult = z.infer<typeof verifyPayResultSchema>;

export const orderListQuerySchema = pageQuerySchema.extend({ status: z.enum(orderStatusFilters).default('all') });
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;
export const orderListSchema = pageOf(orderSummarySchema).extend({
  /** Orders per status filter, for the tabs. */
  counts: z.record(z.enum(orderStatusFilters), z.number().int()),
});
export type OrderList = z.infer<typeof orderListSchema>;

export const orderIdQuerySchema = z.object({ id });
export const orderIdBodySchema = z.object({ id });

export const orderDetailSchema = orderSummarySchema.extend({
  address: orderAddressSchema,
  promo_code: z.string().nullable(),
  remark: z.string(),
  carrier: z.string().nullable(),
  tracking_no: z.string().nullable(),
  paid_at: z.string().nullable(),
  shipped_at: z.string().nullable(),
  received_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  /** Unpaid orders: when the 30-minute cancel timer fires. */
  pay_deadline: z.string().nullable(),
  history: z.array(
    z.object({
      from_status: orderStatusSchema.nullable(),
      status: orderStatusSchema,
      actor: z.string(),
      at: z.string(),
    }),
  ),
  logistics: z.array(z.object({ description: z.string(), location: z.string(), at: z.string() })),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const orderShipBodySchema = z.object({
  order_id: id,
  carrier: z.string().trim().min(1, { error: 'validation.required' }).max(60, { error: 'validation.too_long' }),
  tracking_no: z.string().trim().min(1, { error: 'validation.required' }).max(60, { error: 'validation.too_long' }),
});
export const orderStatusResultSchema = z.object({ id: z.number().int(), status: orderStatusSchema });

/** Admin: run the order timers now; `advance_minutes` moves their clock (only with ORDER_TEST_CLOCK). */
export const orderSweepBodySchema = z.object({
  advance_minutes: z
    .number()
    .int()
    .min(0)
    .max(366 * 24 * 60)
    .default(0),
});
export const orderSweepResultSchema = z.object({
  cancelled: z.number().int(),
  received: z.number().int(),
  completed: z.number().int(),
  settled: z.number().int(),
  unsettled: z.array(z.number().int()),
  refunds: z.object({ approved: z.number().int(), paid: z.number().int(), closed: z.number().int() }),
});

// ---- reviews (issue 13; docs/product-rules.md §3 "Reviews", docs/spec.md §3, §5) ----

export const reviewLimits = { maxImages: 6, contentMaxLength: 500 } as const;

const reviewScore = z.coerce
  .number({ error: 'validation.required' })
  .int({ error: 'validation.not_integer' })
  .min(1, { error: 'validation.too_small' })
  .max(5, { error: 'validation.too_big' });
/** A public review picture: an upload of purpose `review`. */
const reviewImage = z
  .string()
  .trim()
  .max(300)
  .regex(/^\/uploads\/review\//, { error: 'validation.invalid' });

/** `POST /api/order/comment`: one review of one line of the buyer's completed order. */
export const orderCommentBodySchema = z.object({
  order_id: id,
  item_id: id,
  product_score: reviewScore,
  service_score: reviewScore,
  postage_score: reviewScore,
  content: z
    .string({ error: 'validation.comment_empty' })
    .trim()
    .min(1, { error: 'validation.comment_empty' })
    .max(reviewLimits.contentMaxLength, { error: 'validation.too_long' }),
  images: z.array(reviewImage).max(reviewLimits.maxImages, { error: 'validation.too_big' }).default([]),
});
export type OrderCommentBody = z.infer<typeof orderCommentBodySchema>;
/** What a client sends to `POST /api/order/comment`. */
export type OrderCommentInput = z.input<typeof orderCommentBodySchema>;
export const orderCommentResultSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  item_id: z.number().int(),
  product_id: z.number().int(),
});
export type OrderCommentResult = z.infer<typeof orderCommentResultSchema>;
