import {
  adminComplaintPageSchema,
  adminContentItemSchema,
  adminContentListSchema,
  type ContentKey,
  complaintHandleRequestSchema,
  complaintListQuerySchema,
  complaintPageSchema,
  complaintRequestSchema,
  complaintSchema,
  contentPageSchema,
  contentSaveRequestSchema,
  successEnvelope,
} from '@crossmart/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireAdmin, requireBuyer, requireMerchant } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { ModuleDeps } from '../module-deps.ts';
import {
  fileComplaint,
  handleComplaint,
  listComplaintsForAdmin,
  listMyComplaints,
  listShopComplaints,
} from './complaints.service.ts';
import { getContent, listContent, saveContent } from './content.service.ts';

const tokenSecurity = [{ token: [] }];

/** Complaints, and the help, law and partnership texts (issue 15). */
export const supportRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { database }) => {
  const db = database.db;
  const buyer = { onRequest: requireBuyer };
  const merchant = { onRequest: requireMerchant };
  const admin = { onRequest: requireAdmin };

  // ---- texts (public: the law page is readable before signing up) ----
  const textRoute = (path: string, key: ContentKey, summary: string) =>
    app.get(
      path,
      { schema: { tags: ['content'], summary, response: { 200: successEnvelope(contentPageSchema) } } },
      async (request) => ok(request, await getContent(db, key, request.lang)),
    );
  textRoute(
    '/api/user/help_support',
    'help_support',
    'Help and support text in the request language (English fallback)',
  );
  textRoute('/api/user/law', 'law', 'Law and policy text in the request language (English fallback)');
  textRoute('/api/user/platform', 'platform', 'Partnership text in the request language (English fallback)');

  // ---- complaints ----
  app.post(
    '/api/merchant/complaint',
    {
      ...buyer,
      schema: {
        tags: ['support'],
        summary: 'File a complaint about a shop (by its name), with up to 3 pictures',
        security: tokenSecurity,
        body: complaintRequestSchema,
        response: { 200: successEnvelope(complaintSchema) },
      },
    },
    async (request) =>
      ok(request, await fileComplaint(db, currentUser(request).id, request.body), 'success.complaint_submitted'),
  );

  app.get(
    '/api/user/complaint_list',
    {
      ...buyer,
      schema: {
        tags: ['support'],
        summary: 'The user’s own complaints with the platform’s replies',
        security: tokenSecurity,
        querystring: complaintListQuerySchema,
        response: { 200: successEnvelope(complaintPageSchema) },
      },
    },
    async (request) => ok(request, await listMyComplaints(db, currentUser(request).id, request.query)),
  );

  app.get(
    '/api/merchant/complaint_list',
    {
      ...merchant,
      schema: {
        tags: ['support'],
        summary: 'Complaints about the merchant’s own shop',
        security: tokenSecurity,
        querystring: complaintListQuerySchema,
        response: { 200: successEnvelope(complaintPageSchema) },
      },
    },
    async (request) => ok(request, await listShopComplaints(db, currentUser(request).id, request.query)),
  );

  // ---- admin console ----
  app.get(
    '/api/admin/complaint_list',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'The complaint queue (open, handled or all)',
        security: tokenSecurity,
        querystring: complaintListQuerySchema,
        response: { 200: successEnvelope(adminComplaintPageSchema) },
      },
    },
    async (request) => ok(request, await listComplaintsForAdmin(db, request.query)),
  );

  app.post(
    '/api/admin/complaint_handle',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Reply to an open complaint and mark it handled',
        security: tokenSecurity,
        body: complaintHandleRequestSchema,
        response: { 200: successEnvelope(complaintSchema) },
      },
    },
    async (request) =>
      ok(request, await handleComplaint(db, currentUser(request).id, request.body), 'success.complaint_handled'),
  );

  app.get(
    '/api/admin/content_list',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Every stored help, law and partnership text',
        security: tokenSecurity,
        response: { 200: successEnvelope(adminContentListSchema) },
      },
    },
    async (request) => ok(request, await listContent(db)),
  );

  app.post(
    '/api/admin/content_save',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Save a text page in one language (restricted markup, never HTML)',
        security: tokenSecurity,
        body: contentSaveRequestSchema,
        response: { 200: successEnvelope(adminContentItemSchema) },
      },
    },
    async (request) => ok(request, await saveContent(db, currentUser(request).id, request.body), 'success.saved'),
  );
};
