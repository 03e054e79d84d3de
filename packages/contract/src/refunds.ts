import { z } from 'zod';
import { pageOf, pageQuerySchema, rowIdQuerySchema } from './envelope.ts';
import { orderStatusSchema, refundStatuses } from './orders.ts';

/**
 * Refunds (after-sale, issue 13): docs/product-rules.md §3 "Refunds", docs/spec.md §4/§5.
 * Amounts are integer minor units.
 */

const id = rowIdQuerySchema;

export const refundLimits = {
  minPictures: 1,
  maxPictures: 6,
  explanationMaxLength: 500,
  reasonMaxLength: 200,
  noteMaxLength: 500,
  maxAmount: 1_000_000_000_000,
} as const;

export const refundTypes = ['refund_only', 'return_and_refund'] as const;
export type RefundType = (typeof refundTypes)[number];
export const refundProductStatuses = ['received', 'not_received'] as const;
export type RefundProductStatus = (typeof refundProductStatuses)[number];
/** The reason picker's list; the text of each is `refund.reasons.<key>` in the web catalogues. */
export const refundReasons = [
  'not_received',
  'damaged',
  'not_as_described',
  'wrong_item',
  'missing_parts',
  'quality',
  'changed_mind',
  'other',
] as const;
export type RefundReason = (typeof refundReasons)[number];

export const refundSteps = [
  'requested',
  'approved',
  'refused',
  'escalated',
  'decided_for_buyer',
  'decided_for_merchant',
  'return_shipped',
  'return_received',
  'refunded',
  'closed',
] as const;
export type RefundStep = (typeof refundSteps)[number];
export const refundActors = ['buyer', 'merchant', 'admin', 'system'] as const;
export type RefundActor = (typeof refundActors)[number];

const requiredText = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: 'validation.too_long' });

/** `POST /api/order/refund`. */
export const refundRequestBodySchema = z.object({
  order_id: id,
  type: z.enum(refundTypes, { error: 'validation.invalid_option' }),
  amount: z
    .number({ error: 'validation.required' })
    .int({ error: 'validation.not_integer' })
    .min(1, { error: 'validation.too_small' })
    .max(refundLimits.maxAmount, { error: 'validation.too_big' }),
  product_status: z.enum(refundProductStatuses, { error: 'validation.invalid_option' }),
  reason: z.enum(refundReasons, { error: 'validation.invalid_option' }),
  explanation: requiredText(refundLimits.explanationMaxLength),
  pictures: z
    .array(z.string().max(300), { error: 'validation.required' })
    .min(refundLimits.minPictures, { error: 'validation.required' })
    .max(refundLimits.maxPictures, { error: 'validation.too_big' }),
  /** The order items the request is about (from a per-item link); empty = the whole order. */
  item_ids: z.array(id).max(50).default([]),
});
export type RefundRequestBody = z.infer<typeof refundRequestBodySchema>;
export type RefundRequestInput = z.input<typeof refundRequestBodySchema>;

/** `GET /api/order/refund_detail`: by the request's id, or the latest request of an order. */
export const refundDetailQuerySchema = z
  .object({ id: id.optional(), order_id: id.optional() })
  .refine((query) => query.id !== undefined || query.order_id !== undefined, {
    error: 'validation.required',
    path: ['id'],
  });
export const refundIdQuerySchema = z.object({ id });
export const refundIdBodySchema = z.object({ id });
export const refundEscalateBodySchema = z.object({
  id,
  reason: z.string().trim().max(refundLimits.reasonMaxLength, { error: 'validation.too_long' }).default(''),
});
export const refundReturnBodySchema = z.object({
  id,
  carrier: requiredText(60),
  tracking_no: requiredText(60),
});
export type RefundReturnInput = z.input<typeof refundReturnBodySchema>;
export const refundRefuseBodySchema = z.object({ id, reason: requiredText(refundLimits.reasonMaxLength) });
export type RefundRefuseInput = z.input<typeof refundRefuseBodySchema>;
export const refundArbitrateBodySchema = z.object({
  id,
  decision: z.enum(['buyer', 'merchant'], { error: 'validation.invalid_option' }),
  note: requiredText(refundLimits.noteMaxLength),
});
export type RefundArbitrateInput = z.input<typeof refundArbitrateBodySchema>;

export const refundStepSchema = z.object({
  step: z.enum(refundSteps),
  actor: z.enum(refundActors),
  note: z.string(),
  amount: z.number().int().nullable(),
  at: z.string(),
});
export type RefundStepEntry = z.infer<typeof refundStepSchema>;

export const refundItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  quantity: z.number().int(),
  amount: z.number().int(),
});

export const refundDetailSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  order_no: z.string(),
  order_status: orderStatusSchema,
  shop_id: z.number().int(),
  shop_name: z.string(),
  type: z.enum(refundTypes),
  amount: z.number().int(),
  product_status: z.enum(refundProductStatuses),
  reason: z.enum(refundReasons),
  explanation: z.string(),
  pictures: z.array(z.string()),
  items: z.array(refundItemSchema),
  status: z.enum(refundStatuses),
  refuse_reason: z.string(),
  escalate_reason: z.string(),
  admin_note: z.string(),
  return_carrier: z.string().nullable(),
  return_tracking_no: z.string().nullable(),
  /** When the current timer fires (merchant answer, escalation window, return, arrival); null when final. */
  due_at: z.string().nullable(),
  /** The order's paid total, what its settled refunds returned, and what may still be asked for. */
  order_total: z.number().int(),
  refunded_total: z.number().int(),
  refundable: z.number().int(),
  created_at: z.string(),
  steps: z.array(refundStepSchema),
});
export type RefundDetail = z.infer<typeof refundDetailSchema>;

export const refundResultSchema = z.object({
  id: z.number().int(),
  status: z.enum(refundStatuses),
  order_status: orderStatusSchema,
});
export type RefundResult = z.infer<typeof refundResultSchema>;

export const refundSummarySchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  order_no: z.string(),
  shop_name: z.string(),
  buyer: z.string(),
  type: z.enum(refundTypes),
  amount: z.number().int(),
  reason: z.enum(refundReasons),
  status: z.enum(refundStatuses),
  due_at: z.string().nullable(),
  created_at: z.string(),
});
export type RefundSummary = z.infer<typeof refundSummarySchema>;
export const refundListFilters = ['open', 'escalated', 'all'] as const;
export const refundListQuerySchema = pageQuerySchema.extend({
  status: z.enum(refundListFilters).default('open'),
});
export type RefundListQuery = z.infer<typeof refundListQuerySchema>;
export const refundPageSchema = pageOf(refundSummarySchema);
export type RefundPage = z.infer<typeof refundPageSchema>;
