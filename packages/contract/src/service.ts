import { z } from 'zod';
import { maxRowId, pageQuerySchema, rowIdQuerySchema, rowIdSchema } from './envelope.ts';

// ---- customer service (docs/product-rules.md §5) and notifications ----

export const serviceLimits = {
  textMaxLength: 2000,
  /** Messages per page of a conversation. */
  pageSize: 30,
  /** Conversations per page of the admin inbox. */
  inboxPageSize: 30,
  /** An event-stream ticket is redeemable once, within this many seconds. */
  ticketSeconds: 60,
  /** Catch-up after a reconnect replays at most this many missed messages. */
  catchUpMax: 500,
} as const;

export const supportMessageKinds = ['text', 'image'] as const;
export const supportSenders = ['user', 'agent'] as const;

export const supportMessageSchema = z.object({
  id: z.number().int(),
  /** The customer whose conversation this is. */
  user_id: z.number().int(),
  sender: z.enum(supportSenders),
  /** The agent's name on agent messages, null on the user's. */
  agent_name: z.string().nullable(),
  kind: z.enum(supportMessageKinds),
  /** The text, or the picture's url (a private upload, readable by the conversation's user and admins). */
  body: z.string(),
  created_at: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

/** `GET /api/service/messages`: newest page first; `before_id` pages back in time. */
export const supportMessagesQuerySchema = z.object({
  before_id: rowIdQuerySchema.optional(),
});
export type SupportMessagesQuery = z.infer<typeof supportMessagesQuerySchema>;

/** Messages oldest first (the order a chat shows them), `has_more` when older ones exist. */
export const supportMessagePageSchema = z.object({
  list: z.array(supportMessageSchema),
  has_more: z.boolean(),
  /** Agent messages the user had not read when the page was fetched. */
  unread: z.number().int(),
});
export type SupportMessagePage = z.infer<typeof supportMessagePageSchema>;

const messageBody = {
  kind: z.enum(supportMessageKinds, { error: 'validation.invalid_option' }),
  body: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(serviceLimits.textMaxLength, 'validation.too_long'),
};

/** `POST /api/service/send`: a text, or the url of a picture uploaded with purpose `service`. */
export const supportSendRequestSchema = z.object(messageBody);
export type SupportSendRequest = z.infer<typeof supportSendRequestSchema>;

/** `POST /api/admin/service_reply`: an agent answers the user's conversation. */
export const supportReplyRequestSchema = z.object({ user_id: rowIdSchema, ...messageBody });
export type SupportReplyRequest = z.infer<typeof supportReplyRequestSchema>;

/** `POST /api/service/ticket` → a single-use ticket for `GET /api/service/stream?ticket=`. */
export const supportTicketSchema = z.object({ ticket: z.string(), expires_in: z.number().int() });
export type SupportTicket = z.infer<typeof supportTicketSchema>;

/**
 * `GET /api/service/stream?ticket=&last_id=`: server-sent events. `last_id` (or the
 * Last-Event-ID header) replays the messages after it first.
 */
export const supportStreamQuerySchema = z.object({
  ticket: z.string().min(1).max(128),
  last_id: z.coerce.number().int().min(0).max(maxRowId).optional(),
});

/** The payload of each `message` event; the event's id is the message id. */
export const supportStreamEventSchema = supportMessageSchema;

/** One row of the admin inbox. */
export const supportConversationSchema = z.object({
  user_id: z.number().int(),
  account: z.string(),
  name: z.string(),
  avatar: z.string(),
  agent_unread: z.number().int(),
  last_message: supportMessageSchema.nullable(),
  last_message_at: z.string(),
});
export type SupportConversation = z.infer<typeof supportConversationSchema>;

/** `GET /api/admin/service_inbox`: unread conversations first, then by last message. */
export const supportInboxQuerySchema = z.object({
  page: pageQuerySchema.shape.page,
});
export const supportInboxSchema = z.object({
  list: z.array(supportConversationSchema),
  page: z.number().int(),
  has_more: z.boolean(),
});
export type SupportInbox = z.infer<typeof supportInboxSchema>;

/** `GET /api/admin/service_messages?user_id=&before_id=`. */
export const supportAdminMessagesQuerySchema = supportMessagesQuerySchema.extend({
  user_id: rowIdQuerySchema,
});
/** `POST /api/admin/service_read`: an agent has read the user's conversation. */
export const supportAdminReadRequestSchema = z.object({ user_id: rowIdSchema });

export const supportReadResultSchema = z.object({ unread: z.number().int() });

// ---- notifications ----

/**
 * What a notification is about. The web renders `notification.<kind>` with the stored params in
 * the reader's language. Later modules (refunds, complaints) add their kinds here.
 */
export const notificationKinds = [
  'order_paid',
  'order_shipped',
  'order_delivered',
  'recharge_passed',
  'recharge_refused',
  'withdrawal_passed',
  'withdrawal_refused',
  'service_reply',
  // refunds (issue 13): the merchant hears of requests and escalations, the buyer of answers.
  'refund_requested',
  'refund_approved',
  'refund_refused',
  'refund_escalated',
  'refund_decided',
  'refund_return_shipped',
  'refund_paid',
  // To the shop's merchant when a buyer reviews one of its order lines (issue 13).
  'order_reviewed',
] as const;
export const notificationKindSchema = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof notificationKindSchema>;
export type NotificationParams = Record<string, string | number>;

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: notificationKindSchema,
  /** The thing concerned: `order:<id>`, `recharge:<id>`, `withdrawal:<id>` or `service`. */
  ref: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  is_read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  page: pageQuerySchema.shape.page,
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const notificationPageSchema = z.object({
  list: z.array(notificationSchema),
  page: z.number().int(),
  limit: z.number().int(),
  has_more: z.boolean(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** `GET /api/notification/unread`: the me tab's badge is `total`. */
export const notificationUnreadSchema = z.object({
  notifications: z.number().int(),
  service: z.number().int(),
  total: z.number().int(),
});
export type NotificationUnread = z.infer<typeof notificationUnreadSchema>;

/** `POST /api/notification/read`: the given ids, or every unread one with `all: true`. */
export const notificationReadRequestSchema = z
  .object({
    ids: z.array(rowIdSchema).max(100).optional(),
    all: z.boolean().optional(),
  })
  .refine((value) => value.all === true || (value.ids?.length ?? 0) > 0, {
    message: 'validation.required',
    path: ['ids'],
  });
export type NotificationReadRequest = z.infer<typeof notificationReadRequestSchema>;
export const notificationReadResultSchema = z.object({ updated: z.number().int() });
