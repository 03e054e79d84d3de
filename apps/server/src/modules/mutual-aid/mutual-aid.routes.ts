import {
  assistListRequestSchema,
  assistPageSchema,
  assistRequestSchema,
  assistResultSchema,
  assistStatusSchema,
  successEnvelope,
} from '@crossmart/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireBuyer } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { getSupportStatus, listSupports, supportShop } from './mutual-aid.service.ts';

const tokenSecurity = [{ token: [] }];

/** Mutual aid (docs/spec.md §7: the three `POST /api/merchant/assist*` calls keep their paths). */
export const mutualAidRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { database, config }) => {
  const db = database.db;
  const buyer = { onRequest: requireBuyer };
  const clock = () => ({ timeZone: config.TIME_ZONE, now: new Date() });

  app.post(
    '/api/merchant/assist',
    {
      ...buyer,
      schema: {
        tags: ['mutual aid'],
        summary: 'Support a shop: once per platform day, never one’s own shop',
        security: tokenSecurity,
        body: assistRequestSchema,
        response: { 200: successEnvelope(assistResultSchema) },
      },
    },
    async (request) =>
      ok(request, await supportShop(db, currentUser(request).id, request.body.shop_id, clock()), 'success.supported'),
  );

  app.post(
    '/api/merchant/assistStatus',
    {
      ...buyer,
      schema: {
        tags: ['mutual aid'],
        summary: 'Whether the user supported a shop today, cumulative days and today’s shop',
        security: tokenSecurity,
        body: z.object({}).optional(),
        response: { 200: successEnvelope(assistStatusSchema) },
      },
    },
    async (request) => ok(request, await getSupportStatus(db, currentUser(request).id, clock())),
  );

  app.post(
    '/api/merchant/assistList',
    {
      ...buyer,
      schema: {
        tags: ['mutual aid'],
        summary: 'The user’s support record, newest first',
        security: tokenSecurity,
        body: assistListRequestSchema.optional(),
        response: { 200: successEnvelope(assistPageSchema) },
      },
    },
    async (request) =>
      ok(request, await listSupports(db, currentUser(request).id, assistListRequestSchema.parse(request.body ?? {}))),
  );
};
