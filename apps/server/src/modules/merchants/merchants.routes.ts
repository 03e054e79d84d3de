import {
  adminApplicationListQuerySchema,
  adminApplicationPageSchema,
  logisticsAddBodySchema,
  merchantApplicationSchema,
  merchantApplyAuditBodySchema,
  merchantApplyBodySchema,
  merchantDashboardSchema,
  merchantInfoSchema,
  orderStatusResultSchema,
  pageQuerySchema,
  productSaveBodySchema,
  productStatusBodySchema,
  promoSaveBodySchema,
  reviewReplyBodySchema,
  savedIdSchema,
  sellerIdBodySchema,
  sellerIdQuerySchema,
  sellerOrderDetailSchema,
  sellerOrderListQuerySchema,
  sellerOrderPageSchema,
  sellerProductDetailSchema,
  sellerProductListQuerySchema,
  sellerProductPageSchema,
  sellerPromoPageSchema,
  sellerReviewPageSchema,
  sellerShopSchema,
  settlementPageSchema,
  shopSaveBodySchema,
  successEnvelope,
} from '@crossmart/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import { currentUser, requireAdmin, requireMerchant, requireUser } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import {
  deleteShopProduct,
  getShopProductForm,
  listShopProducts,
  listShopReviews,
  replyToShopReview,
  saveShopProduct,
  saveShopProfile,
  setShopProductStatus,
} from '../catalog/index.ts';
import type { ModuleDeps } from '../module-deps.ts';
import {
  addShopLogisticsEvent,
  getShopOrderDetail,
  isProductOrdered,
  listShopOrders,
  listShopPromos,
  listShopSettlements,
  loadOrderSettings,
  saveShopPromo,
} from '../orders/index.ts';
import { attachOwnUploads, uploadPlaceholders } from '../uploads/index.ts';
import { applyForShop, auditApplication, getMerchantInfo, listApplicationsForAdmin } from './applications.service.ts';
import { getDashboard, requireOwnShop } from './seller.service.ts';

/**
 * The seller platform (issue 12) and the merchant-application audit of the admin console. Every
 * seller call is scoped to the caller's own shop: another shop's ids answer like missing ones.
 */
export const merchantsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, options) => {
  const { db } = options.database;
  const security = [{ token: [] }];
  const tags = ['merchant'];
  const timeZone = options.config.TIME_ZONE;
  const shopOf = (request: FastifyRequest, forWrite = false) => requireOwnShop(db, currentUser(request).id, forWrite);
  const seller = <T extends z.ZodType>(summary: string, data: T) => ({
    onRequest: requireMerchant,
    schema: { tags, summary, security, response: { 200: successEnvelope(data) } },
  });

  app.post(
    '/api/merchant/apply',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'A buyer applies for a shop (pending until an admin audits it)',
        security,
        body: merchantApplyBodySchema,
        response: { 200: successEnvelope(merchantApplicationSchema) },
      },
    },
    async (request) => ok(request, await applyForShop(db, currentUser(request).id, request.body), 'success.applied'),
  );
  app.get(
    '/api/merchant/info',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'The caller’s role, latest application and own shop',
        security,
        response: { 200: successEnvelope(merchantInfoSchema) },
      },
    },
    async (request) => ok(request, await getMerchantInfo(db, currentUser(request).id)),
  );

  const dashboard = seller('Sales, orders to ship, balance, fans and the visibility score', merchantDashboardSchema);
  app.get('/api/merchant/dashboard', dashboard, async (request) => {
    const shop = await shopOf(request);
    return ok(request, await getDashboard(db, currentUser(request).id, shop.id, timeZone));
  });

  const shopSave = seller('Save the shop’s name, logo, banner and description', sellerShopSchema);
  app.post(
    '/api/merchant/shop_save',
    { ...shopSave, schema: { ...shopSave.schema, body: shopSaveBodySchema } },
    async (request) => {
      const shop = await shopOf(request, true);
      const userId = currentUser(request).id;
      for (const field of ['logo', 'banner'] as const) {
        const url = request.body[field];
        if (url && url !== shop[field] && !(await attachOwnUploads(db, userId, 'shop', [url]))) {
          throw new AppError('VALIDATION_FAILED', undefined, { [field]: 'validation.invalid' });
        }
      }
      return ok(request, await saveShopProfile(db, shop.id, request.body, uploadPlaceholders), 'success.saved');
    },
  );

  // ---- products ----
  const productList = seller('The shop’s products by status, with a title search', sellerProductPageSchema);
  app.get(
    '/api/merchant/product_list',
    { ...productList, schema: { ...productList.schema, querystring: sellerProductListQuerySchema } },
    async (request) => ok(request, await listShopProducts(db, (await shopOf(request)).id, request.query)),
  );
  const productDetail = seller('One product of the shop, as its edit form', sellerProductDetailSchema);
  app.get(
    '/api/merchant/product_detail',
    { ...productDetail, schema: { ...productDetail.schema, querystring: sellerIdQuerySchema } },
    async (request) => ok(request, await getShopProductForm(db, (await shopOf(request)).id, request.query.id)),
  );
  const productSave = seller('Create (no id) or edit a product; its SKUs are the spec combinations', savedIdSchema);
  app.post(
    '/api/merchant/product_save',
    { ...productSave, schema: { ...productSave.schema, body: productSaveBodySchema } },
    async (request) => {
      const shop = await shopOf(request, true);
      const userId = currentUser(request).id;
      const saved = await saveShopProduct(
        db,
        shop.id,
        request.body,
        (tx, url) => attachOwnUploads(tx, userId, 'product', [url]),
        uploadPlaceholders,
      );
      return ok(request, saved, 'success.saved');
    },
  );
  const productStatus = seller('Put a product on (1) or take it off (0) sale', savedIdSchema);
  app.post(
    '/api/merchant/product_status',
    { ...productStatus, schema: { ...productStatus.schema, body: productStatusBodySchema } },
    async (request) =>
      ok(
        request,
        await setShopProductStatus(db, (await shopOf(request, true)).id, request.body.id, request.body.status),
        'success.saved',
      ),
  );
  const productDelete = seller('Delete a product nobody has ordered', savedIdSchema);
  app.post(
    '/api/merchant/product_delete',
    { ...productDelete, schema: { ...productDelete.schema, body: sellerIdBodySchema } },
    async (request) =>
      ok(
        request,
        await deleteShopProduct(db, (await shopOf(request, true)).id, request.body.id, isProductOrdered),
        'success.deleted',
      ),
  );

  // ---- orders ----
  const orderList = seller('The shop’s orders by status, with counts', sellerOrderPageSchema);
  app.get(
    '/api/merchant/order_list',
    { ...orderList, schema: { ...orderList.schema, querystring: sellerOrderListQuerySchema } },
    async (request) => ok(request, await listShopOrders(db, (await shopOf(request)).id, request.query, request.lang)),
  );
  const orderDetail = seller(
    'One order of the shop: items, address, amounts, remark, logistics',
    sellerOrderDetailSchema,
  );
  app.get(
    '/api/merchant/order_detail',
    { ...orderDetail, schema: { ...orderDetail.schema, querystring: sellerIdQuerySchema } },
    async (request) => {
      const shop = await shopOf(request);
      const settings = await loadOrderSettings(db, timeZone);
      return ok(request, await getShopOrderDetail(db, settings, shop.id, request.query.id, request.lang));
    },
  );
  const logisticsAdd = seller('Add a tracking event to a shipped order', orderStatusResultSchema);
  app.post(
    '/api/merchant/logistics_add',
    { ...logisticsAdd, schema: { ...logisticsAdd.schema, body: logisticsAddBodySchema } },
    async (request) =>
      ok(
        request,
        await addShopLogisticsEvent(db, (await shopOf(request, true)).id, request.body),
        'success.logistics_added',
      ),
  );
  const settlements = seller('Settled orders: total, commission, net', settlementPageSchema);
  app.get(
    '/api/merchant/settlement_list',
    { ...settlements, schema: { ...settlements.schema, querystring: pageQuerySchema } },
    async (request) => ok(request, await listShopSettlements(db, (await shopOf(request)).id, request.query)),
  );

  // ---- promo codes and reviews ----
  const promoList = seller('The shop’s promo codes with their uses', sellerPromoPageSchema);
  app.get(
    '/api/merchant/promo_list',
    { ...promoList, schema: { ...promoList.schema, querystring: pageQuerySchema } },
    async (request) => ok(request, await listShopPromos(db, (await shopOf(request)).id, request.query)),
  );
  const promoSave = seller('Create (no id) or edit a promo code of the shop', savedIdSchema);
  app.post(
    '/api/merchant/promo_save',
    { ...promoSave, schema: { ...promoSave.schema, body: promoSaveBodySchema } },
    async (request) =>
      ok(request, await saveShopPromo(db, (await shopOf(request, true)).id, request.body), 'success.saved'),
  );
  const reviewList = seller('Reviews of the shop’s products, newest first', sellerReviewPageSchema);
  app.get(
    '/api/merchant/review_list',
    { ...reviewList, schema: { ...reviewList.schema, querystring: pageQuerySchema } },
    async (request) => ok(request, await listShopReviews(db, (await shopOf(request)).id, request.query)),
  );
  const reviewReply = seller('Reply once to a review', savedIdSchema);
  app.post(
    '/api/merchant/review_reply',
    { ...reviewReply, schema: { ...reviewReply.schema, body: reviewReplyBodySchema } },
    async (request) =>
      ok(
        request,
        await replyToShopReview(db, (await shopOf(request, true)).id, request.body.id, request.body.content),
        'success.replied',
      ),
  );

  // ---- admin console ----
  app.get(
    '/api/admin/merchant_apply_list',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Merchant applications, pending first',
        security,
        querystring: adminApplicationListQuerySchema,
        response: { 200: successEnvelope(adminApplicationPageSchema) },
      },
    },
    async (request) => ok(request, await listApplicationsForAdmin(db, request.query)),
  );
  app.post(
    '/api/admin/merchant_apply_audit',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Approve (the shop is made, the account becomes a merchant) or refuse with a reason',
        security,
        body: merchantApplyAuditBodySchema,
        response: { 200: successEnvelope(merchantApplicationSchema) },
      },
    },
    async (request) =>
      ok(request, await auditApplication(db, currentUser(request).id, request.body), 'success.audited'),
  );
};
