import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** Customer service (docs/product-rules.md §5): one conversation per user with the platform's agents (admins). */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Agent messages the user has not read yet. */
    userUnread: integer('user_unread').notNull().default(0),
    /** User messages no agent has read yet. */
    agentUnread: integer('agent_unread').notNull().default(0),
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('support_conversations_user_id_key').on(table.userId),
    index('support_conversations_inbox_idx').on(table.lastMessageAt),
    check('support_conversations_unread_check', sql`${table.userUnread} >= 0 and ${table.agentUnread} >= 0`),
  ],
);

/** A message: text, or a picture (its private upload url). The agent's name is kept as sent. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => supportConversations.id),
    sender: text('sender').notNull(),
    agentId: integer('agent_id').references(() => users.id),
    agentName: text('agent_name'),
    kind: text('kind').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('support_messages_conversation_idx').on(table.conversationId, table.id),
    index('support_messages_body_idx').on(table.body).where(sql`${table.kind} = 'image'`),
    check('support_messages_sender_check', sql`${table.sender} in ('user', 'agent')`),
    check('support_messages_kind_check', sql`${table.kind} in ('text', 'image')`),
  ],
);

/**
 * Short-lived single-use tickets for the event stream: an EventSource cannot send the `token`
 * header, and the long-lived token must never appear in a URL (logs, history). Stored hashed, in
 * the database so that any instance can redeem a ticket another issued.
 */
export const supportStreamTickets = pgTable(
  'support_stream_tickets',
  {
    hash: text('hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    isAgent: boolean('is_agent').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('support_stream_tickets_expires_idx').on(table.expiresAt)],
);
