import { z } from 'zod';
import { pageOf, pageQuerySchema, rowIdQuerySchema } from './envelope.ts';
import { languageFileSchema } from './languages.ts';
import { orderDetailSchema, orderStatusFilters, orderSummarySchema } from './orders.ts';
import { auditFilterSchema } from './wallet.ts';

/** Seller platform (docs/product-rules.md §1, §3, §9): merchant applications, the seller's shop, products, orders, promos. */

const id = rowIdQuerySchema;
const text = (max: number) =>
  z.string().trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.too_long' });
const uploadUrl = z.string().trim().max(300, { error: 'validation.too_long' });

export const merchantLimits = {
  shopNameMax: 40,
  titleMax: 120,
  descriptionMax: 4000,
  maxImages: 9,
  maxSpecs: 2,
  maxSpecValues: 20,
  maxSkus: 200,
  maxPrice: 100_000_000,
  maxStock: 1_000_000,
  maxFreight: 1_000_000,
} as const;

/** Field messages of the seller forms; keys in the server catalogues and web locales. */
export const merchantValidationKeys = [
  'validation.shop_name_taken',
  'validation.document_required',
  'validation.logo_required',
  'validation.title_required',
  'validation.images_required',
  'validation.price_invalid',
  'validation.stock_invalid',
  'validation.skus_mismatch',
  'validation.sku_has_orders',
  'validation.category_invalid',
  'validation.promo_code_format',
  'validation.promo_code_taken',
  'validation.percent_range',
  'validation.window_invalid',
] as const;

// ---- applications ----

/** 0 pending, 1 approved, 2 refused (the audit statuses of recharges and withdrawals). */
export const applicationStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);

export const merchantApplyBodySchema = z.object({
  shop_name: text(merchantLimits.shopNameMax),
  logo: uploadUrl.min(1, { error: 'validation.logo_required' }),
  contact_name: text(60),
  mobile: z
    .string()
    .trim()
    .regex(/^\+?\d{6,20}$/, { error: 'validation.mobile_invalid' }),
  email: z.email({ error: 'validation.email_invalid' }).max(120),
  category_id: id,
  description: text(1000),
  /** A private upload (purpose `evidence`): identity or business document. */
  document: uploadUrl.min(1, { error: 'validation.document_required' }),
});
export type MerchantApplyBody = z.infer<typeof merchantApplyBodySchema>;

export const merchantApplicationSchema = z.object({
  id: z.number().int(),
  shop_name: z.string(),
  logo: z.string(),
  contact_name: z.string(),
  mobile: z.string(),
  email: z.string(),
  category_id: z.number().int(),
  description: z.string(),
  document: z.string(),
  status: applicationStatusSchema,
  reason: z.string().nullable(),
  created_at: z.string(),
  audited_at: z.string().nullable(),
});
export type MerchantApplication = z.infer<typeof merchantApplicationSchema>;

export const sellerShopSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  banner: z.string(),
  description: z.string(),
  /** 1 open, 0 closed, -1 suspended by an admin. */
  status: z.number().int(),
  /** Why an admin suspended the shop (status -1). */
  suspend_reason: z.string().nullable().default(null),
});
export type SellerShop = z.infer<typeof sellerShopSchema>;

/** `GET /api/merchant/info`: what the seller area needs to decide who gets in. */
export const merchantInfoSchema = z.object({
  role: z.string(),
  application: merchantApplicationSchema.nullable(),
  shop: sellerShopSchema.nullable(),
});
export type MerchantInfo = z.infer<typeof merchantInfoSchema>;

export const adminApplicationListQuerySchema = pageQuerySchema.extend({ status: auditFilterSchema });
export const adminApplicationSchema = merchantApplicationSchema.extend({
  user_id: z.number().int(),
  account: z.string(),
});
export const adminApplicationPageSchema = pageOf(adminApplicationSchema);
export const merchantApplyAuditBodySchema = z
  .object({
    id,
    status: z.union([z.literal(1), z.literal(2)], { error: 'validation.invalid_option' }),
    reason: z.string().trim().max(200, { error: 'validation.too_long' }).optional(),
  })
  .refine((body) => body.status === 1 || Boolean(body.reason), {
    error: 'validation.reason_required',
    path: ['reason'],
  });
export type MerchantApplyAuditBody = z.infer<typeof merchantApplyAuditBodySchema>;

// ---- dashboard and money ----

export const merchantDashboardSchema = z.object({
  sales_today: z.number().int(),
  orders_today: z.number().int(),
  sales_30d: z.number().int(),
  orders_30d: z.number().int(),
  to_ship: z.number().int(),
  open_refunds: z.number().int(),
  balance: z.number().int(),
  fans: z.number().int(),
  support_days: z.number().int(),
  visibility: z.object({
    score: z.number(),
    units_sold_30d: z.number().int(),
    favourable_rate: z.number(),
    support_days_30d: z.number().int(),
  }),
});
export type MerchantDashboard = z.infer<typeof merchantDashboardSchema>;

export const settlementSchema = z.object({
  order_id: z.number().int(),
  order_no: z.string(),
  total: z.number().int(),
  commission: z.number().int(),
  net: z.number().int(),
  settled_at: z.string(),
});
export const settlementPageSchema = pageOf(settlementSchema).extend({
  sum_total: z.number().int(),
  sum_commission: z.number().int(),
  sum_net: z.number().int(),
});
export type SettlementPage = z.infer<typeof settlementPageSchema>;

// ---- shop ----

export const shopSaveBodySchema = z.object({
  name: text(merchantLimits.shopNameMax),
  logo: uploadUrl,
  banner: uploadUrl,
  description: z.string().trim().max(1000, { error: 'validation.too_long' }),
});
export type ShopSaveBody = z.infer<typeof shopSaveBodySchema>;

// ---- products ----

const localizedText = (max: number) =>
  z.partialRecord(languageFileSchema, z.string().trim().max(max, { error: 'validation.too_long' }));

export const productSpecSchema = z.object({
  name: text(30),
  values: z
    .array(text(30))
    .min(1, { error: 'validation.required' })
    .max(merchantLimits.maxSpecValues, { error: 'validation.too_big' }),
});
const priceSchema = z
  .number({ error: 'validation.price_invalid' })
  .int({ error: 'validation.price_invalid' })
  .min(1, { error: 'validation.price_invalid' })
  .max(merchantLimits.maxPrice, { error: 'validation.price_invalid' });
const stockSchema = z
  .number({ error: 'validation.stock_invalid' })
  .int({ error: 'validation.stock_invalid' })
  .min(0, { error: 'validation.stock_invalid' })
  .max(merchantLimits.maxStock, { error: 'validation.stock_invalid' });

export const productSkuInputSchema = z.object({
  /** One value per spec, in the specs' order; empty without specs. */
  values: z.array(z.string().trim()).max(merchantLimits.maxSpecs),
  price: priceSchema,
  stock: stockSchema,
});

export const productSaveBodySchema = z
  .object({
    /** Absent: a new product. */
    id: id.optional(),
    category_id: id,
    title_i18n: localizedText(merchantLimits.titleMax),
    description_i18n: localizedText(merchantLimits.descriptionMax),
    images: z
      .array(uploadUrl.min(1))
      .min(1, { error: 'validation.images_required' })
      .max(merchantLimits.maxImages, { error: 'validation.too_big' }),
    freight: z
      .number({ error: 'validation.price_invalid' })
      .int({ error: 'validation.price_invalid' })
      .min(0, { error: 'validation.price_invalid' })
      .max(merchantLimits.maxFreight, { error: 'validation.price_invalid' }),
    specs: z.array(productSpecSchema).max(merchantLimits.maxSpecs, { error: 'validation.too_big' }),
    skus: z.array(productSkuInputSchema).min(1, { error: 'validation.required' }).max(merchantLimits.maxSkus),
    /** 1 on sale, 0 off the shelf. */
    status: z.union([z.literal(0), z.literal(1)]).default(1),
  })
  .superRefine((body, ctx) => {
    if (!Object.values(body.title_i18n).some(Boolean)) {
      ctx.addIssue({ code: 'custom', path: ['title_i18n'], message: 'validation.title_required' });
    }
    // The SKUs are exactly the combinations of the spec values, each once.
    const expected = body.specs.reduce<string[][]>(
      (combos, spec) => combos.flatMap((combo) => spec.values.map((value) => [...combo, value])),
      [[]],
    );
    const keyOf = (values: string[]) => JSON.stringify(values);
    const given = new Set(body.skus.map((sku) => keyOf(sku.values)));
    const names = new Set(body.specs.map((spec) => spec.name));
    const valuesUnique = body.specs.every((spec) => new Set(spec.values).size === spec.values.length);
    if (
      names.size !== body.specs.length ||
      !valuesUnique ||
      given.size !== body.skus.length ||
      expected.length !== body.skus.length ||
      !expected.every((combo) => given.has(keyOf(combo)))
    ) {
      ctx.addIssue({ code: 'custom', path: ['skus'], message: 'validation.skus_mismatch' });
    }
  });
export type ProductSaveBody = z.infer<typeof productSaveBodySchema>;
export type ProductSaveInput = z.input<typeof productSaveBodySchema>;

export const sellerProductStatuses = ['all', '1', '0', '-1'] as const;
export const sellerProductListQuerySchema = pageQuerySchema.extend({
  status: z.enum(sellerProductStatuses).default('all'),
  keyword: z.string().trim().max(60).optional(),
});
export const sellerProductSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  price: z.number().int(),
  stock: z.number().int(),
  sold: z.number().int(),
  status: z.number().int(),
  updated_at: z.string(),
});
export const sellerProductPageSchema = pageOf(sellerProductSchema).extend({
  counts: z.record(z.enum(sellerProductStatuses), z.number().int()),
});
export type SellerProductPage = z.infer<typeof sellerProductPageSchema>;

/** `GET /api/merchant/product_detail`: the editable form of one product. */
export const sellerProductDetailSchema = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  title_i18n: z.record(z.string(), z.string()),
  description_i18n: z.record(z.string(), z.string()),
  images: z.array(z.string()),
  freight: z.number().int(),
  status: z.number().int(),
  specs: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  skus: z.array(
    z.object({ id: z.number().int(), values: z.array(z.string()), price: z.number().int(), stock: z.number().int() }),
  ),
});
export type SellerProductDetail = z.infer<typeof sellerProductDetailSchema>;

export const productStatusBodySchema = z.object({ id, status: z.union([z.literal(0), z.literal(1)]) });
export const sellerIdBodySchema = z.object({ id });
export const sellerIdQuerySchema = z.object({ id });
export const savedIdSchema = z.object({ id: z.number().int() });

// ---- orders ----

export const sellerOrderListQuerySchema = pageQuerySchema.extend({
  status: z.enum(orderStatusFilters).default('all'),
});
export const sellerOrderSchema = orderSummarySchema.extend({ buyer: z.string() });
export const sellerOrderPageSchema = pageOf(sellerOrderSchema).extend({
  counts: z.record(z.enum(orderStatusFilters), z.number().int()),
});
export type SellerOrderPage = z.infer<typeof sellerOrderPageSchema>;
export const sellerOrderDetailSchema = orderDetailSchema.extend({ buyer: z.string() });
export type SellerOrderDetail = z.infer<typeof sellerOrderDetailSchema>;

export const logisticsAddBodySchema = z.object({
  order_id: id,
  description: text(200),
  location: z.string().trim().max(100, { error: 'validation.too_long' }).default(''),
});

// ---- promo codes ----

export const promoTypes = ['percent', 'fixed'] as const;
export const promoSaveBodySchema = z
  .object({
    id: id.optional(),
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{3,20}$/, { error: 'validation.promo_code_format' }),
    type: z.enum(promoTypes, { error: 'validation.invalid_option' }),
    value: z.number({ error: 'validation.invalid' }).int().min(1, { error: 'validation.too_small' }).max(100_000_000),
    min_spend: z.number().int().min(0).max(1_000_000_000).default(0),
    starts_at: z.iso.datetime({ offset: true, error: 'validation.invalid' }),
    ends_at: z.iso.datetime({ offset: true, error: 'validation.invalid' }),
    per_user_limit: z.number().int().min(1).max(1000).default(1),
    /** Checkouts in all; absent = no limit. */
    total_limit: z.number().int().min(1).max(1_000_000).nullable().default(null),
    status: z.union([z.literal(0), z.literal(1)]).default(1),
  })
  .superRefine((body, ctx) => {
    if (body.type === 'percent' && body.value > 100) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'validation.percent_range' });
    }
    if (Date.parse(body.ends_at) <= Date.parse(body.starts_at)) {
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'validation.window_invalid' });
    }
  });
export type PromoSaveBody = z.infer<typeof promoSaveBodySchema>;
export type PromoSaveInput = z.input<typeof promoSaveBodySchema>;

export const sellerPromoSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  type: z.enum(promoTypes),
  value: z.number().int(),
  min_spend: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  per_user_limit: z.number().int(),
  total_limit: z.number().int().nullable(),
  used: z.number().int(),
  status: z.number().int(),
});
export type SellerPromo = z.infer<typeof sellerPromoSchema>;
export const sellerPromoPageSchema = pageOf(sellerPromoSchema);

// ---- reviews (after-sale tab) ----

export const sellerReviewSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_title: z.string(),
  reviewer: z.string(),
  score: z.number().int(),
  content: z.string(),
  images: z.array(z.string()),
  reply: z.string().nullable(),
  created_at: z.string(),
});
export type SellerReview = z.infer<typeof sellerReviewSchema>;
export const sellerReviewPageSchema = pageOf(sellerReviewSchema);
export const reviewReplyBodySchema = z.object({ id, content: text(500) });
