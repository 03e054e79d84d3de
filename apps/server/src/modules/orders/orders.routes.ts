import {
  checkoutBodySchema,
  orderCreateResultSchema,
  orderDetailSchema,
  orderIdBodySchema,
  orderIdQuerySchema,
  orderListQuerySchema,
  orderListSchema,
  orderPreviewSchema,
  orderShipBodySchema,
  orderStatusResultSchema,
  successEnvelope,
  verifyPayBodySchema,
  verifyPayResultSchema,
} from '@crossmart/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireBuyer, requireMerchant } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { type AddressLookup, createOrders, previewCheckout } from './checkout.service.ts';
import {
  cancelOrder,
  confirmOrder,
  getOrderDetail,
  listOrders,
  type OrderSettings,
  shipOrder,
  verifyPay,
} from './orders.service.ts';

export interface OrdersRouteOptions extends ModuleDeps {
  /** The addresses module's `getAddress`, wired in app.ts. */
  addressLookup: AddressLookup;
}

export function orderSettingsFrom(config: ModuleDeps['config']): OrderSettings {
  return {
    unpaidMinutes: config.ORDER_UNPAID_MINUTES,
    autoReceiveDays: config.ORDER_AUTO_RECEIVE_DAYS,
    afterSaleDays: config.ORDER_AFTER_SALE_DAYS,
    commissionBps: config.COMMISSION_BPS,
  };
}

/** Checkout, payment and the buyer's orders (product.md §3, §9); every order is the token's user's own. */
export const ordersRoutes: FastifyPluginAsyncZod<OrdersRouteOptions> = async (app, options) => {
  const { db } = options.database;
  const settings = orderSettingsFrom(options.config);
  const lookup = options.addressLookup;
  const security = [{ token: [] }];
  const tags = ['orders'];

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
    async (request) =>
      ok(request, await previewCheckout(db, lookup, currentUser(request).id, request.body, request.lang)),
  );
  app.post(
    '/api/order/create',
    {
      onRequest: requireBuyer,
      schema: {
        tags,
        summary: 'One order per shop, stock reserved (status 0)',
        security,
        body: checkoutBodySchema,
        response: { 200: successEnvelope(orderCreateResultSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await createOrders(db, lookup, currentUser(request).id, request.body, request.lang),
        'success.order_created',
      ),
  );
  app.post(
    '/api/user/verify_pay',
    {
      onRequest: requireBuyer,
      schema: {
        tags,
        summary: 'Pay unpaid orders from the balance with the payment code (all or none)',
        security,
        body: verifyPayBodySchema,
        response: { 200: successEnvelope(verifyPayResultSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await verifyPay(db, settings, currentUser(request).id, request.body.order_ids, request.body.paypwd),
        'success.paid',
      ),
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
    async (request) => ok(request, await listOrders(db, currentUser(request).id, request.query)),
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
    async (request) => ok(request, await getOrderDetail(db, settings, currentUser(request).id, request.query.id)),
  );
  app.post(
    '/api/order/cancel',
    {
      onRequest: requireBuyer,
      schema: {
        tags,
        summary: 'Cancel an unpaid order, or a paid one with a full refund to the balance',
        security,
        body: orderIdBodySchema,
        response: { 200: successEnvelope(orderStatusResultSchema) },
      },
    },
    async (request) =>
      ok(request, await cancelOrder(db, currentUser(request).id, request.body.id), 'success.order_cancelled'),
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
};
