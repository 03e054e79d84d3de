import {
  refundArbitrateBodySchema,
  refundDetailQuerySchema,
  refundDetailSchema,
  refundEscalateBodySchema,
  refundIdBodySchema,
  refundIdQuerySchema,
  refundListQuerySchema,
  refundPageSchema,
  refundRefuseBodySchema,
  refundRequestBodySchema,
  refundResultSchema,
  refundReturnBodySchema,
  successEnvelope,
} from '@crossmart/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { currentUser, requireAdmin, requireBuyer, requireMerchant } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { idempotencyKeyDescription, replayIdempotent, runIdempotent } from '../../plugins/idempotency.ts';
import { findShopByOwner } from '../catalog/index.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { loadOrderSettings } from './order-settings.ts';
import {
  approveRefund,
  arbitrateRefund,
  escalateRefund,
  getRefundDetail,
  listRefunds,
  receiveReturn,
  refuseRefund,
  requestRefund,
  submitReturn,
} from './refunds.service.ts';

/**
 * Refunds (issue 13): the buyer's request, escalation and return; the merchant's answer scoped to
 * the caller's own shop (another shop's refund answers REFUND_NOT_FOUND, like a missing one); the
 * admin's arbitration. Calls that move money take an Idempotency-Key.
 */
export const refundsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, options) => {
  const { db } = options.database;
  const replay = replayIdempotent(options.database);
  const security = [{ token: [] }];
  const settings = () => loadOrderSettings(db, options.config.TIME_ZONE);
  const shopIdOf = async (request: FastifyRequest, forWrite: boolean) => {
    const shop = await findShopByOwner(db, currentUser(request).id);
    if (!shop) throw new AppError('MERCHANT_REQUIRED');
    if (forWrite && shop.status === -1) throw new AppError('SHOP_SUSPENDED');
    return shop.id;
  };
  const idempotent = (request: FastifyRequest, reply: Parameters<typeof runIdempotent>[1]) => {
    return <T>(work: Parameters<typeof runIdempotent<T>>[3]) => runIdempotent(request, reply, db, work);
  };

  // ---- buyer ----
  const buyer = { onRequest: requireBuyer };
  app.post(
    '/api/order/refund',
    {
      ...buyer,
      schema: {
        tags: ['refunds'],
        summary: 'Ask for a refund (or a return and refund) of a paid order, with 1–6 proof pictures',
        security,
        body: refundRequestBodySchema,
        response: { 200: successEnvelope(refundResultSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await requestRefund(db, await settings(), currentUser(request).id, request.body),
        'success.refund_applied',
      ),
  );
  app.get(
    '/api/order/refund_detail',
    {
      ...buyer,
      schema: {
        tags: ['refunds'],
        summary: 'A refund request (by id, or the latest of an order) with pictures, steps and amounts',
        security,
        querystring: refundDetailQuerySchema,
        response: { 200: successEnvelope(refundDetailSchema) },
      },
    },
    async (request) =>
      ok(request, await getRefundDetail(db, { userId: currentUser(request).id }, request.query, request.lang)),
  );
  app.post(
    '/api/order/refund_escalate',
    {
      ...buyer,
      schema: {
        tags: ['refunds'],
        summary: 'Escalate a refused request to the platform (once)',
        security,
        body: refundEscalateBodySchema,
        response: { 200: successEnvelope(refundResultSchema) },
      },
    },
    async (request) =>
      ok(request, await escalateRefund(db, currentUser(request).id, request.body), 'success.refund_escalated'),
  );
  app.post(
    '/api/order/refund_return',
    {
      ...buyer,
      schema: {
        tags: ['refunds'],
        summary: 'After an approved return: the parcel’s carrier and tracking number',
        security,
        body: refundReturnBodySchema,
        response: { 200: successEnvelope(refundResultSchema) },
      },
    },
    async (request) =>
      ok(request, await submitReturn(db, await settings(), currentUser(request).id, request.body), 'success.save'),
  );

  // ---- merchant (own shop) ----
  app.get(
    '/api/merchant/refund_list',
    {
      onRequest: requireMerchant,
      schema: {
        tags: ['merchant'],
        summary: 'The shop’s refund requests, newest first (open by default)',
        security,
        querystring: refundListQuerySchema,
        response: { 200: successEnvelope(refundPageSchema) },
      },
    },
    async (request) => ok(request, await listRefunds(db, { shopId: await shopIdOf(request, false) }, request.query)),
  );
  app.get(
    '/api/merchant/refund_detail',
    {
      onRequest: requireMerchant,
      schema: {
        tags: ['merchant'],
        summary: 'One of the shop’s refund requests',
        security,
        querystring: refundIdQuerySchema,
        response: { 200: successEnvelope(refundDetailSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await getRefundDetail(db, { shopId: await shopIdOf(request, false) }, { id: request.query.id }, request.lang),
      ),
  );
  app.post(
    '/api/merchant/refund_approve',
    {
      onRequest: requireMerchant,
      preHandler: replay,
      schema: {
        tags: ['merchant'],
        summary: 'Approve a request: a refund pays escrow → buyer now, a return waits for the parcel',
        description: idempotencyKeyDescription,
        security,
        body: refundIdBodySchema,
        response: { 200: successEnvelope(refundResultSchema) },
      },
    },
    async (request, reply) => {
      const shopId = await shopIdOf(request, true);
      const result = await approveRefund(
        db,
        await settings(),
        shopId,
        request.body.id,
        new Date(),
        idempotent(request, reply),
      );
      return ok(request, result, 'success.refund_approved');
    },
  );
  app.post(
    '/api/merchant/refund_refuse',
    {
      onRequest: requireMerchant,
      schema: {
        tags: ['merchant'],
        summary: 'Refuse a request with a reason (the order goes back where it was)',
        security,
        body: refundRefuseBodySchema,
        response: { 200: successEnvelope(refundResultSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await refuseRefund(db, await settings(), await shopIdOf(request, true), request.body),
        'success.refund_refused',
      ),
  );
  app.post(
    '/api/merchant/refund_receive',
    {
      onRequest: requireMerchant,
      preHandler: replay,
      schema: {
        tags: ['merchant'],
        summary: 'The returned parcel arrived: pays escrow → buyer',
        description: idempotencyKeyDescription,
        security,
        body: refundIdBodySchema,
        response: { 200: successEnvelope(refundResultSchema) },
      },
    },
    async (request, reply) => {
      const shopId = await shopIdOf(request, true);
      const result = await receiveReturn(db, shopId, request.body.id, new Date(), idempotent(request, reply));
      return ok(request, result, 'success.refund_approved');
    },
  );

  // ---- admin ----
  app.get(
    '/api/admin/refund_list',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Refund requests of every shop (escalated ones wait for arbitration)',
        security,
        querystring: refundListQuerySchema,
        response: { 200: successEnvelope(refundPageSchema) },
      },
    },
    async (request) => ok(request, await listRefunds(db, { admin: true }, request.query)),
  );
  app.get(
    '/api/admin/refund_detail',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'One refund request with its pictures and steps',
        security,
        querystring: refundIdQuerySchema,
        response: { 200: successEnvelope(refundDetailSchema) },
      },
    },
    async (request) => ok(request, await getRefundDetail(db, { admin: true }, { id: request.query.id }, request.lang)),
  );
  app.post(
    '/api/admin/refund_arbitrate',
    {
      onRequest: requireAdmin,
      preHandler: replay,
      schema: {
        tags: ['admin'],
        summary: 'Decide an escalated request for the buyer (approved) or the merchant (closed), with a note',
        description: idempotencyKeyDescription,
        security,
        body: refundArbitrateBodySchema,
        response: { 200: successEnvelope(refundResultSchema) },
      },
    },
    async (request, reply) => {
      const result = await arbitrateRefund(
        db,
        await settings(),
        currentUser(request).id,
        request.body,
        new Date(),
        idempotent(request, reply),
      );
      return ok(request, result, 'success.refund_decided');
    },
  );
};
