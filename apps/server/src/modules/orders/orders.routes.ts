import {
  checkoutBodySchema,
  orderCommentBodySchema,
  orderCommentResultSchema,
  orderCreateResultSchema,
  orderDetailSchema,
  orderIdBodySchema,
  orderIdQuerySchema,
  orderListQuerySchema,
  orderListSchema,
  orderPreviewSchema,
  orderShipBodySchema,
  orderStatusResultSchema,
  orderSweepBodySchema,
  orderSweepResultSchema,
  successEnvelope,
  verifyPayBodySchema,
  verifyPayResultSchema,
} from '@crossmart/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { currentUser, requireAdmin, requireBuyer, requireMerchant } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { idempotencyKeyDescription, replayIdempotent, runIdempotent } from '../../plugins/idempotency.ts';
import { countingLimit } from '../../plugins/rate-limit.ts';
import { payCodeKeys } from '../accounts/index.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { type AddressLookup, createOrders, previewCheckout } from './checkout.service.ts';
import { commentOrderItem } from './order-reviews.service.ts';
import { loadOrderSettings } from './order-settings.ts';
import { runOrderSweepsForAdmin } from './order-sweeps.service.ts';
import { cancelOrder, confirmOrder, getOrderDetail, listOrders, shipOrder, verifyPay } from './orders.service.ts';

export interface OrdersRouteOptions extends ModuleDeps {
  /** The addresses module's `getAddress`, wired in app.ts. */
  addressLookup: AddressLookup;
}

/** Checkout, payment and the buyer's orders (docs/product-rules.md, order lifecycle); every order is the token's user's own. */
export const ordersRoutes: FastifyPluginAsyncZod<OrdersRouteOptions> = async (app, options) => {
  const { db } = options.database;
  const lookup = options.addressLookup;
  const payCodes = payCodeKeys(options.config);
  const replay = replayIdempotent(options.database);
  const security = [{ token: [] }];
  const tags = ['orders'];
  const minuteMs = 60_000;
  // Per user: previews probe promo codes and stock, creates reserve stock (issue 17).
  const previewLimit = countingLimit(app, {
    max: options.config.ORDER_PREVIEW_MAX_PER_MINUTE,
    timeWindow: minuteMs,
    key: (request) => `order-preview:${currentUser(request).id}`,
  });
  const createLimit = countingLimit(app, {
    max: options.config.ORDER_CREATE_MAX_PER_MINUTE,
    timeWindow: minuteMs,
    key: (request) => `order-create:${currentUser(request).id}`,
  });

  app.post(
    '/api/order/preview',
    {
      onRequest: requireBuyer,
      schema: {
        tags,
        summary: 'What create would make: orders per shop, freight, discount, totals',
        security,
        body: checkoutBodySchema,
        response: { 200: successEnvelope(orderPreviewSchema) },
      },
    },
    async (request) => {
      await previewLimit(request);
      return ok(request, await previewCheckout(db, lookup, currentUser(request).id, request.body, request.lang));
    },
  );
  app.post(
    '/api/order/create',
    {
      onRequest: requireBuyer,
      preHandler: replay,
      schema: {
        tags,
        summary: 'One order per shop, stock reserved (status 0)',
        description: idempotencyKeyDescription,
        security,
        body: checkoutBodySchema,
        response: { 200: successEnvelope(orderCreateResultSchema) },
      },
    },
    async (request, reply) => {
      await createLimit(request);
      const { maxUnpaidOrders } = await loadOrderSettings(db, options.config.TIME_ZONE);
      const created = await createOrders(
        db,
        lookup,
        currentUser(request).id,
        request.body,
        request.lang,
        (work) => runIdempotent(request, reply, db, work),
        new Date(),
        maxUnpaidOrders,
      );
      return ok(request, created, 'success.order_created');
    },
  );
  app.post(
    '/api/user/verify_pay',
    {
      onRequest: requireBuyer,
      preHandler: replay,
      schema: {
        tags,
        summary: 'Pay unpaid orders from the balance with the payment code (all or none)',
        description: idempotencyKeyDescription,
        security,
        body: verifyPayBodySchema,
        response: { 200: successEnvelope(verifyPayResultSchema) },
      },
    },
    async (request, reply) => {
      const { order_ids: orderIds, paypwd } = request.body;
      const paid = await verifyPay(
        db,
        await loadOrderSettings(db, options.config.TIME_ZONE),
        currentUser(request).id,
        orderIds,
        paypwd,
        payCodes,
        (work) => runIdempotent(request, reply, db, work),
      );
      return ok(request, paid, 'success.paid');
    },
  );
  app.get(
    '/api/user/order_list',
    {
      onRequest: requireBuyer,
      schema: {
        tags,
        summary: 'The buyer’s orders by status filter, with counts per filter',
        security,
        querystring: orderListQuerySchema,
        response: { 200: successEnvelope(orderListSchema) },
      },
    },
    async (request) => ok(request, await listOrders(db, currentUser(request).id, request.query, request.lang)),
  );
  app.get(
    '/api/order/detail',
    {
      onRequest: requireBuyer,
      schema: {
        tags,
        summary: 'An order with items, address, amounts, status history and logistics',
        security,
        querystring: orderIdQuerySchema,
        response: { 200: successEnvelope(orderDetailSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await getOrderDetail(
          db,
          await loadOrderSettings(db, options.config.TIME_ZONE),
          currentUser(request).id,
          request.query.id,
          request.lang,
        ),
      ),
  );
  app.post(
    '/api/order/cancel',
    {
      onRequest: requireBuyer,
      preHandler: replay,
      schema: {
        tags,
        summary: 'Cancel an unpaid order, or a paid one with a full refund to the balance',
        description: idempotencyKeyDescription,
        security,
        body: orderIdBodySchema,
        response: { 200: successEnvelope(orderStatusResultSchema) },
      },
    },
    async (request, reply) => {
      const cancelled = await cancelOrder(db, currentUser(request).id, request.body.id, (work) =>
        runIdempotent(request, reply, db, work),
      );
      return ok(request, cancelled, 'success.order_cancelled');
    },
  );
  app.post(
    '/api/order/confirm',
    {
      onRequest: requireBuyer,
      schema: {
        tags,
        summary: 'Confirm receipt of a delivered order',
        security,
        body: orderIdBodySchema,
        response: { 200: successEnvelope(orderStatusResultSchema) },
      },
    },
    async (request) =>
      ok(request, await confirmOrder(db, currentUser(request).id, request.body.id), 'success.order_received'),
  );
  app.post(
    '/api/order/comment',
    {
      onRequest: requireBuyer,
      schema: {
        tags,
        summary: 'Review one line of a completed order: three scores 1–5, text, up to 6 pictures; once per line',
        description:
          'Another buyer’s order or line answers ORDER_NOT_FOUND; an order not completed REVIEW_NOT_ALLOWED; a second review of a line ALREADY_COMMENTED. Pictures are the buyer’s own uploads of purpose `review`.',
        security,
        body: orderCommentBodySchema,
        response: { 200: successEnvelope(orderCommentResultSchema) },
      },
    },
    async (request) =>
      ok(request, await commentOrderItem(db, currentUser(request).id, request.body), 'success.commented'),
  );
  app.post(
    '/api/merchant/order_ship',
    {
      onRequest: requireMerchant,
      schema: {
        tags,
        summary: 'Ship a paid order of the merchant’s shop (minimal, until the seller platform)',
        security,
        body: orderShipBodySchema,
        response: { 200: successEnvelope(orderStatusResultSchema) },
      },
    },
    async (request) => ok(request, await shipOrder(db, currentUser(request).id, request.body), 'success.order_shipped'),
  );
  app.post(
    '/api/admin/order_sweeps',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'Run the order timers now (advance_minutes > 0 only on a server started with ORDER_TEST_CLOCK)',
        security,
        body: orderSweepBodySchema,
        response: { 200: successEnvelope(orderSweepResultSchema) },
      },
    },
    async (request) => {
      const minutes = request.body.advance_minutes;
      if (minutes > 0 && !options.config.ORDER_TEST_CLOCK) throw new AppError('TEST_CLOCK_DISABLED');
      const settings = await loadOrderSettings(db, options.config.TIME_ZONE);
      return ok(request, await runOrderSweepsForAdmin(db, currentUser(request).id, settings, minutes));
    },
  );
};
