import {
  type SupportMessage,
  successEnvelope,
  supportAdminMessagesQuerySchema,
  supportAdminReadRequestSchema,
  supportInboxQuerySchema,
  supportInboxSchema,
  supportMessagePageSchema,
  supportMessageSchema,
  supportMessagesQuerySchema,
  supportReadResultSchema,
  supportReplyRequestSchema,
  supportSendRequestSchema,
  supportStreamQuerySchema,
  supportTicketSchema,
} from '@crossmart/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireAdmin, requireBuyer, requireUser } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { EventStream } from './event-stream.ts';
import { agentsChannel, createLocalHub, createRedisHub, type LiveHub, userChannel } from './live-hub.ts';
import {
  issueStreamTicket,
  listInbox,
  listMessages,
  listMessagesAfter,
  markAgentRead,
  markUserRead,
  redeemStreamTicket,
  sendAgentReply,
  sendUserMessage,
} from './service.service.ts';

export interface ServiceRouteOptions extends ModuleDeps {
  /** Redis key prefix (the app's namespace): instances of one deployment share their channels. */
  namespace: string;
}

const tokenSecurity = [{ token: [] }];
const lastEventIdPattern = /^\d{1,15}$/;

export const serviceRoutes: FastifyPluginAsyncZod<ServiceRouteOptions> = async (
  app,
  { database, redis, namespace },
) => {
  const db = database.db;
  const hub: LiveHub = redis ? createRedisHub(redis, namespace) : createLocalHub();
  const streams = new Set<EventStream>();
  // Open streams never end by themselves: close them first so that shutdown is not held up.
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.close();
  });
  app.addHook('onClose', async () => hub.close());

  /** After the message's transaction committed: to the user's tabs and every agent's inbox. */
  async function publish(message: SupportMessage): Promise<void> {
    try {
      await Promise.all([hub.publish(userChannel(message.user_id), message), hub.publish(agentsChannel, message)]);
    } catch (error) {
      // The message is stored; open screens catch up on their next reconnect or refresh.
      app.log.error({ err: error }, 'support: publishing a message failed');
    }
  }

  app.get(
    '/api/service/messages',
    {
      onRequest: requireBuyer,
      schema: {
        tags: ['service'],
        summary: 'The user’s conversation with customer service, a page (oldest first)',
        security: tokenSecurity,
        querystring: supportMessagesQuerySchema,
        response: { 200: successEnvelope(supportMessagePageSchema) },
      },
    },
    async (request) => ok(request, await listMessages(db, currentUser(request).id, request.query.before_id)),
  );

  app.post(
    '/api/service/send',
    {
      onRequest: requireBuyer,
      schema: {
        tags: ['service'],
        summary: 'Write to customer service: a text, or a picture uploaded with purpose `service`',
        security: tokenSecurity,
        body: supportSendRequestSchema,
        response: { 200: successEnvelope(supportMessageSchema) },
      },
    },
    async (request) => {
      const message = await sendUserMessage(db, currentUser(request).id, request.body);
      await publish(message);
      return ok(request, message, 'success.message_sent');
    },
  );

  app.post(
    '/api/service/read',
    {
      onRequest: requireBuyer,
      schema: {
        tags: ['service'],
        summary: 'The user has read the agents’ messages (also clears the service-reply notification)',
        security: tokenSecurity,
        response: { 200: successEnvelope(supportReadResultSchema) },
      },
    },
    async (request) => {
      await markUserRead(db, currentUser(request).id);
      return ok(request, { unread: 0 });
    },
  );

  app.post(
    '/api/service/ticket',
    {
      onRequest: requireUser,
      schema: {
        tags: ['service'],
        summary: 'A single-use ticket (valid 60 s) for the event stream, so the token never goes in a URL',
        security: tokenSecurity,
        response: { 200: successEnvelope(supportTicketSchema) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return ok(request, await issueStreamTicket(db, { userId: user.id, isAgent: user.role === 'admin' }));
    },
  );

  app.get(
    '/api/service/stream',
    {
      schema: {
        tags: ['service'],
        summary:
          'Server-sent events: `message` events (id = message id) of the user’s conversation, or of every conversation for an admin. Last-Event-ID or `last_id` replays what was missed.',
        querystring: supportStreamQuerySchema,
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const viewer = await redeemStreamTicket(db, request.query.ticket);
      const header = request.headers['last-event-id'];
      const lastId =
        typeof header === 'string' && lastEventIdPattern.test(header) ? Number(header) : request.query.last_id;

      reply.hijack();
      // A hijacked reply skips Fastify's send (and the onSend hook): the stream writes the security
      // headers and the request id in its own head.
      const stream = new EventStream(reply.raw, lastId ?? 0, {
        ...reply.server.securityHeaders,
        'x-request-id': request.id,
      });
      streams.add(stream);
      stream.onClose(() => streams.delete(stream));
      // Live messages that arrive during the replay wait here, so none is lost or reordered.
      let queued: SupportMessage[] | undefined = lastId === undefined ? undefined : [];
      try {
        const unsubscribe = await hub.subscribe(viewer.isAgent ? agentsChannel : userChannel(viewer.userId), (m) => {
          if (queued) queued.push(m);
          else stream.send(m);
        });
        stream.onClose(unsubscribe);
        if (lastId !== undefined) {
          for (const message of await listMessagesAfter(db, viewer, lastId)) stream.send(message);
          for (const message of queued?.sort((a, b) => a.id - b.id) ?? []) stream.send(message);
          queued = undefined;
        }
      } catch (error) {
        request.log.error({ err: error }, 'support: opening a stream failed');
        stream.close();
      }
    },
  );

  // ---- admin console: the service inbox ----

  app.get(
    '/api/admin/service_inbox',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Customer-service conversations: unread first, then by last message',
        security: tokenSecurity,
        querystring: supportInboxQuerySchema,
        response: { 200: successEnvelope(supportInboxSchema) },
      },
    },
    async (request) => ok(request, await listInbox(db, request.query.page)),
  );

  app.get(
    '/api/admin/service_messages',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'One user’s conversation, a page (oldest first)',
        security: tokenSecurity,
        querystring: supportAdminMessagesQuerySchema,
        response: { 200: successEnvelope(supportMessagePageSchema) },
      },
    },
    async (request) => ok(request, await listMessages(db, request.query.user_id, request.query.before_id)),
  );

  app.post(
    '/api/admin/service_reply',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Answer a user’s conversation with a text or a picture (purpose `service`)',
        security: tokenSecurity,
        body: supportReplyRequestSchema,
        response: { 200: successEnvelope(supportMessageSchema) },
      },
    },
    async (request) => {
      const message = await sendAgentReply(db, currentUser(request).id, request.body);
      await publish(message);
      return ok(request, message, 'success.message_sent');
    },
  );

  app.post(
    '/api/admin/service_read',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'An agent has read the user’s messages',
        security: tokenSecurity,
        body: supportAdminReadRequestSchema,
        response: { 200: successEnvelope(supportReadResultSchema) },
      },
    },
    async (request) => {
      await markAgentRead(db, request.body.user_id);
      return ok(request, { unread: 0 });
    },
  );
};
