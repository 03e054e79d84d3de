import { z } from 'zod';
import { pageOf, pageQuerySchema, rowIdQuerySchema } from './envelope.ts';
import { languageFiles } from './languages.ts';

/**
 * Support and community (docs/product-rules.md §5, §9): complaints about a shop, mutual aid (daily support
 * of a shop) and the help, law and partnership texts.
 */

const id = rowIdQuerySchema;

export const supportLimits = {
  shopNameMaxLength: 100,
  complaintMaxLength: 1000,
  complaintMaxImages: 3,
  replyMaxLength: 1000,
  /** Stored markup of one text page (help, law, partnership) in one language. */
  contentMaxLength: 50_000,
} as const;

// ---- complaints ----

/** Complaint status: 0 open (waiting for the platform), 1 handled (with a reply). */
export const complaintStatusSchema = z.union([z.literal(0), z.literal(1)]);
export type ComplaintStatus = z.infer<typeof complaintStatusSchema>;

const imagePath = z
  .string()
  .trim()
  .max(300)
  .regex(/^\/(uploads|api\/upload)\//, { error: 'validation.invalid' });

/** `POST /api/merchant/complaint` (docs/spec.md §5: shop name and content required). */
export const complaintRequestSchema = z.object({
  shop_name: z
    .string({ error: 'validation.shop_name_required' })
    .trim()
    .min(1, { error: 'validation.shop_name_required' })
    .max(supportLimits.shopNameMaxLength, { error: 'validation.too_long' }),
  content: z
    .string({ error: 'validation.complaint_content_required' })
    .trim()
    .min(1, { error: 'validation.complaint_content_required' })
    .max(supportLimits.complaintMaxLength, { error: 'validation.too_long' }),
  images: z.array(imagePath).max(supportLimits.complaintMaxImages, { error: 'validation.too_big' }).default([]),
});
export type ComplaintRequest = z.input<typeof complaintRequestSchema>;

export const complaintSchema = z.object({
  id: z.number().int(),
  shop_id: z.number().int(),
  shop_name: z.string(),
  content: z.string(),
  images: z.array(z.string()),
  status: complaintStatusSchema,
  /** The platform's answer, empty while open. */
  reply: z.string(),
  created_at: z.string(),
  handled_at: z.string().nullable(),
});
export type Complaint = z.infer<typeof complaintSchema>;
export const complaintPageSchema = pageOf(complaintSchema);
export type ComplaintPage = z.infer<typeof complaintPageSchema>;

/** The filter of complaint lists: all, or one status (query strings carry text). */
export const complaintListQuerySchema = pageQuerySchema.extend({
  status: z.enum(['all', '0', '1']).default('all'),
});
export type ComplaintListQuery = z.input<typeof complaintListQuerySchema>;

/** The admin queue also shows who complained. */
export const adminComplaintSchema = complaintSchema.extend({
  user_id: z.number().int(),
  user_account: z.string(),
});
export type AdminComplaint = z.infer<typeof adminComplaintSchema>;
export const adminComplaintPageSchema = pageOf(adminComplaintSchema);

/** `POST /api/admin/complaint_handle`: answer a complaint and mark it handled. */
export const complaintHandleRequestSchema = z.object({
  id,
  reply: z
    .string({ error: 'validation.reply_required' })
    .trim()
    .min(1, { error: 'validation.reply_required' })
    .max(supportLimits.replyMaxLength, { error: 'validation.too_long' }),
});
export type ComplaintHandleRequest = z.input<typeof complaintHandleRequestSchema>;

// ---- mutual aid ----

/** `POST /api/merchant/assist`. */
export const assistRequestSchema = z.object({ shop_id: id });
export type AssistRequest = z.input<typeof assistRequestSchema>;

/** The shop a user supported, with the shop's cumulative days of support (all users). */
export const supportedShopSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  /** Distinct days on which the shop received support. */
  support_days: z.number().int(),
});
export type SupportedShop = z.infer<typeof supportedShopSchema>;

/** `POST /api/merchant/assist` answer. */
export const assistResultSchema = z.object({
  /** The user's cumulative days of support. */
  days: z.number().int(),
  helped_today: z.boolean(),
});
export type AssistResult = z.infer<typeof assistResultSchema>;

/** `POST /api/merchant/assistStatus` answer. */
export const assistStatusSchema = assistResultSchema.extend({
  /** Today's day in the platform time zone (YYYY-MM-DD). */
  today: z.string(),
  today_shop: supportedShopSchema.nullable(),
});
export type AssistStatus = z.infer<typeof assistStatusSchema>;

/** `POST /api/merchant/assistList` (the body carries the page). */
export const assistListRequestSchema = pageQuerySchema;
export const assistRecordSchema = z.object({
  id: z.number().int(),
  day: z.string(),
  created_at: z.string(),
  shop: supportedShopSchema,
});
export type AssistRecord = z.infer<typeof assistRecordSchema>;
export const assistPageSchema = pageOf(assistRecordSchema);
export type AssistPage = z.infer<typeof assistPageSchema>;

// ---- help, law and partnership texts ----

/**
 * The text pages. Bodies are a restricted markup (see `markup.ts`): headings, paragraphs, lists and
 * bold, never HTML, so nothing an editor writes can run in a reader's browser.
 */
export const contentKeys = ['help_support', 'law', 'platform'] as const;
export const contentKeySchema = z.enum(contentKeys, { error: 'validation.invalid_option' });
export type ContentKey = z.infer<typeof contentKeySchema>;

export const contentPageSchema = z.object({
  key: contentKeySchema,
  /** The language the body is in: the request's, or `en` when there is no text in it. */
  lang: z.string(),
  body: z.string(),
  updated_at: z.string().nullable(),
});
export type ContentPage = z.infer<typeof contentPageSchema>;

/** `GET /api/user/platform` (the partnership page; spec calls keep `help_support` and `law`). */
export const contentQuerySchema = z.object({});

export const contentSaveRequestSchema = z.object({
  key: contentKeySchema,
  lang: z.enum(languageFiles, { error: 'validation.invalid_option' }),
  body: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(supportLimits.contentMaxLength, { error: 'validation.too_long' }),
});
export type ContentSaveRequest = z.input<typeof contentSaveRequestSchema>;

export const adminContentItemSchema = z.object({
  key: contentKeySchema,
  lang: z.string(),
  body: z.string(),
  updated_at: z.string(),
});
export type AdminContentItem = z.infer<typeof adminContentItemSchema>;
export const adminContentListSchema = z.array(adminContentItemSchema);
