import type { AdminRole } from '@crossmart/contract';

/**
 * Who may call each admin route (docs/product-rules.md §1, issue 14): the one table the guard
 * (`admin-guard.ts`) enforces on every `/api/admin/*` route and the console's menu follows.
 * `support` reads everything, answers customer service and complaints and arbitrates refunds;
 * it never audits money, changes settings, deposit channels, content or other admins, and does
 * not freeze users or suspend shops. A route missing here answers FORBIDDEN to everyone, and
 * `modules/admin/admin-permissions.test.ts` fails until it is added.
 *
 * `audited`: the route is an admin action and writes exactly one audit-log row (checked by the
 * same test). `service_read` only moves the inbox's unread counter, so it is not an action.
 */
export interface AdminPermission {
  roles: readonly AdminRole[];
  audited: boolean;
}

const everyone = ['super', 'support'] as const;
const superOnly = ['super'] as const;
const read: AdminPermission = { roles: everyone, audited: false };
const superAction: AdminPermission = { roles: superOnly, audited: true };
const supportAction: AdminPermission = { roles: everyone, audited: true };

export const adminPermissions: Readonly<Record<string, AdminPermission>> = {
  // the console itself
  'GET /api/admin/me': read,
  'GET /api/admin/dashboard': read,
  // users
  'GET /api/admin/user_list': read,
  'GET /api/admin/user_detail': read,
  'POST /api/admin/user_freeze': superAction,
  'POST /api/admin/user_unfreeze': superAction,
  'POST /api/admin/user_clear_lockout': superAction,
  // shops and products
  'GET /api/admin/shop_list': read,
  'POST /api/admin/shop_suspend': superAction,
  'POST /api/admin/shop_restore': superAction,
  'GET /api/admin/product_list': read,
  'POST /api/admin/product_take_down': superAction,
  'POST /api/admin/product_restore': superAction,
  // orders and promo codes
  'GET /api/admin/order_list': read,
  'GET /api/admin/order_detail': read,
  'POST /api/admin/order_sweeps': superAction,
  'GET /api/admin/promo_list': read,
  'POST /api/admin/promo_save': superAction,
  // money: support sees the queues, only a super admin decides
  'GET /api/admin/recharge_list': read,
  'POST /api/admin/recharge_audit': superAction,
  'GET /api/admin/extract_list': read,
  'POST /api/admin/extract_audit': superAction,
  'GET /api/admin/ledger_accounts': read,
  'GET /api/admin/ledger_transactions': read,
  'GET /api/admin/ledger_verify': read,
  // platform configuration: super only, reading included (the settings screen is not support's)
  'GET /api/admin/settings': { roles: superOnly, audited: false },
  'POST /api/admin/settings_save': superAction,
  'GET /api/admin/channel_list': { roles: superOnly, audited: false },
  'POST /api/admin/channel_save': superAction,
  'GET /api/admin/content_list': read,
  'POST /api/admin/content_save': superAction,
  // merchants
  'GET /api/admin/merchant_apply_list': read,
  'POST /api/admin/merchant_apply_audit': superAction,
  // customer service and complaints: support's own work
  'GET /api/admin/service_inbox': read,
  'GET /api/admin/service_messages': read,
  'POST /api/admin/service_reply': supportAction,
  'POST /api/admin/service_read': { roles: everyone, audited: false },
  'GET /api/admin/complaint_list': read,
  'POST /api/admin/complaint_handle': supportAction,
  // refund arbitration (issue 13): support's work too
  'GET /api/admin/refund_list': read,
  'GET /api/admin/refund_detail': read,
  'POST /api/admin/refund_arbitrate': supportAction,
  // records
  'GET /api/admin/audit_log': read,
  'GET /api/admin/mail_outbox': read,
};

/** The key of a route in `adminPermissions`. */
export const permissionKey = (method: string, url: string) => `${method} ${url}`;

/** Route keys the role may call (the console's menu). */
export function allowedRoutes(role: AdminRole): string[] {
  return Object.entries(adminPermissions)
    .filter(([, permission]) => permission.roles.includes(role))
    .map(([key]) => key);
}
