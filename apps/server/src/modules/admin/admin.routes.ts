import {
  adminActionResultSchema,
  adminClearLockoutBodySchema,
  adminIdQuerySchema,
  adminLedgerAccountPageSchema,
  adminLedgerAccountQuerySchema,
  adminLedgerTransactionPageSchema,
  adminLedgerTransactionQuerySchema,
  adminMeSchema,
  adminOrderDetailSchema,
  adminOrderListQuerySchema,
  adminOrderPageSchema,
  adminProductListQuerySchema,
  adminProductPageSchema,
  adminProductRestoreBodySchema,
  adminProductTakeDownBodySchema,
  adminPromoListQuerySchema,
  adminShopListQuerySchema,
  adminShopPageSchema,
  adminShopRestoreBodySchema,
  adminShopSuspendBodySchema,
  adminUserDetailSchema,
  adminUserFreezeBodySchema,
  adminUserIdBodySchema,
  adminUserListQuerySchema,
  adminUserPageSchema,
  auditLogListQuerySchema,
  auditLogPageSchema,
  dashboardSchema,
  mailOutboxPageSchema,
  mailOutboxQuerySchema,
  promoSaveBodySchema,
  sellerPromoPageSchema,
  successEnvelope,
} from '@crossmart/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowedRoutes } from '../../plugins/admin-permissions.ts';
import { currentUser } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { accountNamesOf, getAdminProfile, listOutboxPage, listUsersForAdmin } from '../accounts/index.ts';
import { searchAuditLog } from '../audit/index.ts';
import { listProductsForAdmin, listShopsForAdmin } from '../catalog/index.ts';
import { listLedgerAccounts, listLedgerTransactions } from '../ledger/index.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { getOrderForAdmin, listOrdersForAdmin, listPlatformPromos } from '../orders/index.ts';
import {
  clearLockout,
  freezeUser,
  getDashboard,
  getUserDetail,
  savePromo,
  setProductTakeDown,
  setShopSuspension,
  unfreezeUser,
} from './admin.service.ts';

const security = [{ token: [] }];
const tags = ['admin'];

/**
 * The admin console's own routes (issue 14). Who may call each is decided by the permission
 * table (plugins/admin-permissions.ts), enforced by the admin guard on every `/api/admin/*` route.
 */
export const adminRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { database, config }) => {
  const db = database.db;
  const names = (ids: number[]) => accountNamesOf(db, ids);

  app.get(
    '/api/admin/me',
    {
      schema: {
        tags,
        summary: 'The signed-in admin, role and allowed routes',
        security,
        response: { 200: successEnvelope(adminMeSchema) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const profile = await getAdminProfile(db, user.id);
      const role = user.adminRole ?? 'support';
      return ok(request, {
        id: user.id,
        account: profile.account,
        name: profile.name,
        admin_role: role,
        allowed: allowedRoutes(role),
      });
    },
  );

  app.get(
    '/api/admin/dashboard',
    {
      schema: {
        tags,
        summary: 'GMV, paid orders, new users and shops (today, 7 and 30 platform days), queues, daily GMV',
        security,
        response: { 200: successEnvelope(dashboardSchema) },
      },
    },
    async (request) => ok(request, await getDashboard(db, config.TIME_ZONE)),
  );

  // ---- users ----
  app.get(
    '/api/admin/user_list',
    {
      schema: {
        tags,
        summary: 'Users by id, account, email or mobile',
        security,
        querystring: adminUserListQuerySchema,
        response: { 200: successEnvelope(adminUserPageSchema) },
      },
    },
    async (request) => ok(request, await listUsersForAdmin(db, request.query)),
  );
  app.get(
    '/api/admin/user_detail',
    {
      schema: {
        tags,
        summary: 'A user with balance, orders, ledger entries and sessions',
        security,
        querystring: adminIdQuerySchema,
        response: { 200: successEnvelope(adminUserDetailSchema) },
      },
    },
    async (request) => ok(request, await getUserDetail(db, request.query.id)),
  );
  app.post(
    '/api/admin/user_freeze',
    {
      schema: {
        tags,
        summary: 'Freeze a user: sessions end, login is refused',
        security,
        body: adminUserFreezeBodySchema,
        response: { 200: successEnvelope(adminActionResultSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await freezeUser(db, currentUser(request).id, request.body.id, request.body.reason),
        'success.user_frozen',
      ),
  );
  app.post(
    '/api/admin/user_unfreeze',
    {
      schema: {
        tags,
        summary: 'Unfreeze a user',
        security,
        body: adminUserIdBodySchema,
        response: { 200: successEnvelope(adminActionResultSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await unfreezeUser(db, currentUser(request).id, request.body.id, request.body.reason),
        'success.user_unfrozen',
      ),
  );
  app.post(
    '/api/admin/user_clear_lockout',
    {
      schema: {
        tags,
        summary: 'Clear the login or payment-code lockout of a user',
        security,
        body: adminClearLockoutBodySchema,
        response: { 200: successEnvelope(adminActionResultSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await clearLockout(db, currentUser(request).id, request.body.id, request.body.kind),
        'success.lockout_cleared',
      ),
  );

  // ---- shops and products ----
  app.get(
    '/api/admin/shop_list',
    {
      schema: {
        tags,
        summary: 'Shops by name or id',
        security,
        querystring: adminShopListQuerySchema,
        response: { 200: successEnvelope(adminShopPageSchema) },
      },
    },
    async (request) => ok(request, await listShopsForAdmin(db, request.query, names)),
  );
  app.post(
    '/api/admin/shop_suspend',
    {
      schema: {
        tags,
        summary: 'Suspend a shop: its products leave the shop app, carts and payments',
        security,
        body: adminShopSuspendBodySchema,
        response: { 200: successEnvelope(adminActionResultSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await setShopSuspension(db, currentUser(request).id, request.body.id, true, request.body.reason),
        'success.shop_suspended',
      ),
  );
  app.post(
    '/api/admin/shop_restore',
    {
      schema: {
        tags,
        summary: 'Restore a suspended shop',
        security,
        body: adminShopRestoreBodySchema,
        response: { 200: successEnvelope(adminActionResultSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await setShopSuspension(db, currentUser(request).id, request.body.id, false, request.body.reason),
        'success.shop_restored',
      ),
  );
  app.get(
    '/api/admin/product_list',
    {
      schema: {
        tags,
        summary: 'Products by title or id, optionally of one shop',
        security,
        querystring: adminProductListQuerySchema,
        response: { 200: successEnvelope(adminProductPageSchema) },
      },
    },
    async (request) => ok(request, await listProductsForAdmin(db, request.query)),
  );
  app.post(
    '/api/admin/product_take_down',
    {
      schema: {
        tags,
        summary: 'Take a product down with a reason',
        security,
        body: adminProductTakeDownBodySchema,
        response: { 200: successEnvelope(adminActionResultSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await setProductTakeDown(db, currentUser(request).id, request.body.id, true, request.body.reason),
        'success.product_taken_down',
      ),
  );
  app.post(
    '/api/admin/product_restore',
    {
      schema: {
        tags,
        summary: 'Put a taken-down product back off the shelf (the merchant lists it again)',
        security,
        body: adminProductRestoreBodySchema,
        response: { 200: successEnvelope(adminActionResultSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await setProductTakeDown(db, currentUser(request).id, request.body.id, false, request.body.reason),
        'success.product_restored',
      ),
  );

  // ---- orders and promo codes ----
  app.get(
    '/api/admin/order_list',
    {
      schema: {
        tags,
        summary: 'Orders by number, buyer or shop',
        security,
        querystring: adminOrderListQuerySchema,
        response: { 200: successEnvelope(adminOrderPageSchema) },
      },
    },
    async (request) => ok(request, await listOrdersForAdmin(db, request.query)),
  );
  app.get(
    '/api/admin/order_detail',
    {
      schema: {
        tags,
        summary: 'An order with status history, logistics and ledger transactions',
        security,
        querystring: adminIdQuerySchema,
        response: { 200: successEnvelope(adminOrderDetailSchema) },
      },
    },
    async (request) => ok(request, await getOrderForAdmin(db, request.query.id)),
  );
  app.get(
    '/api/admin/promo_list',
    {
      schema: {
        tags,
        summary: 'Platform-wide promo codes',
        security,
        querystring: adminPromoListQuerySchema,
        response: { 200: successEnvelope(sellerPromoPageSchema) },
      },
    },
    async (request) => ok(request, await listPlatformPromos(db, request.query)),
  );
  app.post(
    '/api/admin/promo_save',
    {
      schema: {
        tags,
        summary: 'Create (no id) or edit a platform-wide promo code',
        security,
        body: promoSaveBodySchema,
        response: { 200: successEnvelope(adminActionResultSchema) },
      },
    },
    async (request) => ok(request, await savePromo(db, currentUser(request).id, request.body), 'success.saved'),
  );

  // ---- ledger explorer, audit log, mail outbox ----
  app.get(
    '/api/admin/ledger_accounts',
    {
      schema: {
        tags,
        summary: 'Ledger accounts with balances',
        security,
        querystring: adminLedgerAccountQuerySchema,
        response: { 200: successEnvelope(adminLedgerAccountPageSchema) },
      },
    },
    async (request) => ok(request, await listLedgerAccounts(db, request.query)),
  );
  app.get(
    '/api/admin/ledger_transactions',
    {
      schema: {
        tags,
        summary: 'Ledger transactions with their entries, by kind, reference or account',
        security,
        querystring: adminLedgerTransactionQuerySchema,
        response: { 200: successEnvelope(adminLedgerTransactionPageSchema) },
      },
    },
    async (request) => ok(request, await listLedgerTransactions(db, request.query)),
  );
  app.get(
    '/api/admin/audit_log',
    {
      schema: {
        tags,
        summary: 'The audit log: every admin action, newest first',
        security,
        querystring: auditLogListQuerySchema,
        response: { 200: successEnvelope(auditLogPageSchema) },
      },
    },
    async (request) => ok(request, await searchAuditLog(db, request.query, names)),
  );
  app.get(
    '/api/admin/mail_outbox',
    {
      schema: {
        tags,
        summary: 'Mail the platform sent or will send',
        security,
        querystring: mailOutboxQuerySchema,
        response: { 200: successEnvelope(mailOutboxPageSchema) },
      },
    },
    async (request) => ok(request, await listOutboxPage(db, request.query)),
  );
};
