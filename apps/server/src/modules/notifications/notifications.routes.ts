import {
  notificationListQuerySchema,
  notificationPageSchema,
  notificationReadRequestSchema,
  notificationReadResultSchema,
  notificationUnreadSchema,
  successEnvelope,
} from '@crossmart/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { countUnreadNotifications, listNotifications, markNotificationsRead } from './notifications.service.ts';

export interface NotificationsRouteOptions extends ModuleDeps {
  /** Unread customer-service messages, which the me tab's badge counts too (the support module). */
  serviceUnread: (db: Database, userId: number) => Promise<number>;
}

const tokenSecurity = [{ token: [] }];

export const notificationsRoutes: FastifyPluginAsyncZod<NotificationsRouteOptions> = async (
  app,
  { database, serviceUnread },
) => {
  const db = database.db;
  const user = { onRequest: requireUser };

  app.get(
    '/api/notification/list',
    {
      ...user,
      schema: {
        tags: ['notifications'],
        summary: 'The user’s notifications, newest first (kind + params, rendered by the client)',
        security: tokenSecurity,
        querystring: notificationListQuerySchema,
        response: { 200: successEnvelope(notificationPageSchema) },
      },
    },
    async (request) =>
      ok(request, await listNotifications(db, currentUser(request).id, request.query.page, request.query.limit)),
  );

  app.get(
    '/api/notification/unread',
    {
      ...user,
      schema: {
        tags: ['notifications'],
        summary: 'Unread notifications and customer-service messages (the me tab’s badge)',
        security: tokenSecurity,
        response: { 200: successEnvelope(notificationUnreadSchema) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const [notifications, service] = await Promise.all([
        countUnreadNotifications(db, userId),
        serviceUnread(db, userId),
      ]);
      return ok(request, { notifications, service, total: notifications + service });
    },
  );

  app.post(
    '/api/notification/read',
    {
      ...user,
      schema: {
        tags: ['notifications'],
        summary: 'Mark notifications read: the given ids, or all',
        security: tokenSecurity,
        body: notificationReadRequestSchema,
        response: { 200: successEnvelope(notificationReadResultSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        { updated: await markNotificationsRead(db, currentUser(request).id, request.body) },
        'success.marked_read',
      ),
  );
};
