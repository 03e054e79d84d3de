import { z } from 'zod';
import { pageOf, pageQuerySchema, rowIdQuerySchema } from './envelope.ts';
import { ledgerKindSchema } from './ledger.ts';
import { orderStatusSchema } from './orders.ts';

/**
 * Admin console (issue 14, docs/product-rules.md §1): admin roles, the console's reads and actions,
 * the audit log. Every `/api/admin/*` route is listed in the server's permission table.
 */

/** `super` may do everything; `support` reads everything, answers service and complaints, arbitrates refunds. */
export const adminRoles = ['super', 'support'] as const;
export const adminRoleSchema = z.enum(adminRoles);
export type AdminRole = z.infer<typeof adminRoleSchema>;

const id = rowIdQuerySchema;
const sortOrder = z.enum(['asc', 'desc']).default('desc');
const searchText = z.string().trim().max(100).optional();
/** A reason an admin gives for an action; it goes to the audit log and, where it applies, to the user. */
const reasonText = z
  .string({ error: 'validation.reason_required' })
  .trim()
  .min(1, { error: 'validation.reason_required' })
  .max(500, { error: 'validation.too_long' });

/** `GET /api/admin/me`: who is signed in, and the routes their role may call (the menu follows it). */
export const adminMeSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  admin_role: adminRoleSchema,
  allowed: z.array(z.string()),
});
export type AdminMe = z.infer<typeof adminMeSchema>;

// ---- dashboard ----

export const dashboardPeriodSchema = z.object({
  gmv: z.number().int(),
  paid_orders: z.number().int(),
  new_users: z.number().int(),
  new_shops: z.number().int(),
});
export const dashboardSchema = z.object({
  time_zone: z.string(),
  today: dashboardPeriodSchema,
  days7: dashboardPeriodSchema,
  days30: dashboardPeriodSchema,
  /** Waiting work, each with its count: recharges, withdrawals, merchant applications, complaints, service. */
  queues: z.array(z.object({ key: z.string(), count: z.number().int() })),
  /** GMV per platform day, oldest first, the last 30 days (days without sales are 0). */
  daily_gmv: z.array(z.object({ day: z.string(), gmv: z.number().int() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

// ---- users ----

export const adminUserSortKeys = ['id', 'created_at', 'account'] as const;
export const adminUserListQuerySchema = pageQuerySchema.extend({
  q: searchText,
  role: z.enum(['buyer', 'merchant', 'admin']).optional(),
  status: z.enum(['active', 'disabled']).optional(),
  sort: z.enum(adminUserSortKeys).default('id'),
  order: sortOrder,
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;
export type AdminUserListInput = z.input<typeof adminUserListQuerySchema>;

export const adminUserRowSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  role: z.string(),
  admin_role: z.string().nullable(),
  status: z.string(),
  created_at: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;
export const adminUserPageSchema = pageOf(adminUserRowSchema);

export const adminUserDetailSchema = z.object({
  user: adminUserRowSchema.extend({
    language: z.string(),
    login_locked_until: z.string().nullable(),
    login_failures: z.number().int(),
    pay_locked_until: z.string().nullable(),
    pay_failures: z.number().int(),
  }),
  balance: z.number().int(),
  orders: z.array(
    z.object({
      id: z.number().int(),
      order_no: z.string(),
      status: orderStatusSchema,
      total: z.number().int(),
      created_at: z.string(),
    }),
  ),
  entries: z.array(
    z.object({
      id: z.number().int(),
      kind: ledgerKindSchema,
      amount: z.number().int(),
      balance_after: z.number().int(),
      reference: z.string(),
      created_at: z.string(),
    }),
  ),
  sessions: z.array(
    z.object({
      id: z.number().int(),
      created_at: z.string(),
      last_used_at: z.string(),
      expires_at: z.string(),
      revoked_at: z.string().nullable(),
      ip: z.string().nullable(),
      user_agent: z.string().nullable(),
    }),
  ),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const adminIdQuerySchema = z.object({ id });
export const adminUserFreezeBodySchema = z.object({ id, reason: reasonText });
export const adminUserIdBodySchema = z.object({ id, reason: reasonText.optional() });
export const adminClearLockoutBodySchema = z.object({ id, kind: z.enum(['login', 'pay']) });
export type AdminUserFreezeBody = z.infer<typeof adminUserFreezeBodySchema>;

// ---- shops and products ----

export const adminShopListQuerySchema = pageQuerySchema.extend({
  q: searchText,
  status: z.enum(['open', 'closed', 'suspended']).optional(),
  sort: z.enum(['id', 'created_at', 'sales_amount']).default('id'),
  order: sortOrder,
});
export type AdminShopListInput = z.input<typeof adminShopListQuerySchema>;
export const adminShopRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  owner_user_id: z.number().int().nullable(),
  owner_account: z.string().nullable(),
  /** 1 open, 0 closed, -1 suspended by an admin. */
  status: z.number().int(),
  suspend_reason: z.string().nullable(),
  product_count: z.number().int(),
  sales_amount: z.number().int(),
  created_at: z.string(),
});
export type AdminShopRow = z.infer<typeof adminShopRowSchema>;
export const adminShopPageSchema = pageOf(adminShopRowSchema);
export const adminShopSuspendBodySchema = z.object({ id, reason: reasonText });
export const adminShopRestoreBodySchema = z.object({ id, reason: reasonText.optional() });

export const adminProductListQuerySchema = pageQuerySchema.extend({
  q: searchText,
  shop_id: id.optional(),
  status: z.enum(['on_sale', 'off_shelf', 'removed']).optional(),
  sort: z.enum(['id', 'price', 'sold_count']).default('id'),
  order: sortOrder,
});
export type AdminProductListInput = z.input<typeof adminProductListQuerySchema>;
export const adminProductRowSchema = z.object({
  id: z.number().int(),
  shop_id: z.number().int(),
  shop_name: z.string(),
  title: z.string(),
  price: z.number().int(),
  stock: z.number().int(),
  sold_count: z.number().int(),
  /** 1 on sale, 0 off the shelf, -1 taken down by an admin. */
  status: z.number().int(),
  removed_reason: z.string().nullable(),
  created_at: z.string(),
});
export type AdminProductRow = z.infer<typeof adminProductRowSchema>;
export const adminProductPageSchema = pageOf(adminProductRowSchema);
export const adminProductTakeDownBodySchema = z.object({ id, reason: reasonText });
export const adminProductRestoreBodySchema = z.object({ id, reason: reasonText.optional() });

// ---- orders ----

export const adminOrderListQuerySchema = pageQuerySchema.extend({
  order_no: searchText,
  /** Buyer account, or a user id. */
  buyer: searchText,
  /** Shop name, or a shop id. */
  shop: searchText,
  status: orderStatusSchema.optional(),
  sort: z.enum(['id', 'total']).default('id'),
  order: sortOrder,
});
export type AdminOrderListInput = z.input<typeof adminOrderListQuerySchema>;
export const adminOrderRowSchema = z.object({
  id: z.number().int(),
  order_no: z.string(),
  user_id: z.number().int(),
  buyer_account: z.string(),
  shop_id: z.number().int(),
  shop_name: z.string(),
  status: orderStatusSchema,
  total: z.number().int(),
  created_at: z.string(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;
export const adminOrderPageSchema = pageOf(adminOrderRowSchema);

export const adminLedgerEntrySchema = z.object({
  id: z.number().int(),
  account_code: z.string(),
  user_id: z.number().int().nullable(),
  amount: z.number().int(),
  balance_after: z.number().int(),
});
export const adminLedgerTransactionSchema = z.object({
  id: z.number().int(),
  kind: ledgerKindSchema,
  reference: z.string(),
  created_at: z.string(),
  entries: z.array(adminLedgerEntrySchema),
});
export type AdminLedgerTransaction = z.infer<typeof adminLedgerTransactionSchema>;

export const adminOrderDetailSchema = z.object({
  order: adminOrderRowSchema.extend({
    goods_amount: z.number().int(),
    freight: z.number().int(),
    discount: z.number().int(),
    address: z.string(),
    items: z.array(
      z.object({ title: z.string(), sku: z.string(), price: z.number().int(), quantity: z.number().int() }),
    ),
  }),
  status_history: z.array(
    z.object({
      from_status: orderStatusSchema.nullable(),
      status: orderStatusSchema,
      actor: z.string(),
      created_at: z.string(),
    }),
  ),
  logistics: z.array(z.object({ description: z.string(), location: z.string(), created_at: z.string() })),
  transactions: z.array(adminLedgerTransactionSchema),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

// ---- promo codes (platform-wide) ----

export const adminPromoListQuerySchema = pageQuerySchema;

// ---- ledger explorer ----

export const adminLedgerAccountQuerySchema = pageQuerySchema.extend({
  /** `user` accounts or `platform` accounts. */
  type: z.enum(['user', 'platform']).default('platform'),
  q: searchText,
});
export type AdminLedgerAccountInput = z.input<typeof adminLedgerAccountQuerySchema>;
export const adminLedgerAccountSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  user_id: z.number().int().nullable(),
  balance: z.number().int(),
});
export const adminLedgerAccountPageSchema = pageOf(adminLedgerAccountSchema);

export const adminLedgerTransactionQuerySchema = pageQuerySchema.extend({
  kind: ledgerKindSchema.optional(),
  reference: searchText,
  account_id: id.optional(),
});
export type AdminLedgerTransactionInput = z.input<typeof adminLedgerTransactionQuerySchema>;
export const adminLedgerTransactionPageSchema = pageOf(adminLedgerTransactionSchema);

// ---- audit log ----

export const auditLogListQuerySchema = pageQuerySchema.extend({
  admin_id: id.optional(),
  action: searchText,
  target_type: searchText,
  target_id: searchText,
  order: sortOrder,
});
export type AuditLogListInput = z.input<typeof auditLogListQuerySchema>;
export const auditLogRowSchema = z.object({
  id: z.number().int(),
  admin_id: z.number().int(),
  admin_account: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type AuditLogRow = z.infer<typeof auditLogRowSchema>;
export const auditLogPageSchema = pageOf(auditLogRowSchema);

// ---- mail outbox ----

export const mailOutboxQuerySchema = pageQuerySchema.extend({
  to: searchText,
  status: z.enum(['pending', 'sent', 'failed']).optional(),
});
export type MailOutboxInput = z.input<typeof mailOutboxQuerySchema>;
export const mailOutboxRowSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  to_address: z.string(),
  subject: z.string(),
  body_text: z.string(),
  status: z.string(),
  attempts: z.number().int(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export const mailOutboxPageSchema = pageOf(mailOutboxRowSchema);

/** Answer of an admin action that changes one record. */
export const adminActionResultSchema = z.object({ id: z.number().int() });
export type AdminLedgerAccount = z.infer<typeof adminLedgerAccountSchema>;
export type AdminMailRow = z.infer<typeof mailOutboxRowSchema>;
