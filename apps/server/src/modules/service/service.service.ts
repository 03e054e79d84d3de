import { createHash, randomBytes } from 'node:crypto';
import {
  type SupportConversation,
  type SupportInbox,
  type SupportMessage,
  type SupportMessagePage,
  type SupportSendRequest,
  serviceLimits,
} from '@crossmart/contract';
import { and, asc, desc, eq, gt, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { supportConversations, supportMessages, supportStreamTickets } from '../../db/schema/service.ts';
import { AppError } from '../../errors.ts';
import { getUserInfo } from '../accounts/index.ts';
import { markNotificationsReadByRef, notify } from '../notifications/index.ts';
import { attachOwnUploads } from '../uploads/index.ts';

type MessageRow = typeof supportMessages.$inferSelect;

/** The notifications' `ref` of the service chat: one chat per user, so no id. */
export const serviceRef = 'service';

function toMessage(row: MessageRow, userId: number): SupportMessage {
  return {
    id: row.id,
    user_id: userId,
    sender: row.sender === 'agent' ? 'agent' : 'user',
    agent_name: row.agentName,
    kind: row.kind === 'image' ? 'image' : 'text',
    body: row.body,
    created_at: row.createdAt.toISOString(),
  };
}

function displayName(user: { family_name: string; given_name: string; account: string }): string {
  return [user.family_name, user.given_name].filter(Boolean).join(' ') || user.account;
}

async function findConversation(db: Database, userId: number) {
  const [row] = await db.select().from(supportConversations).where(eq(supportConversations.userId, userId));
  return row;
}

/** A picture message must be the sender's own upload for the service chat (never someone else's file). */
async function checkPicture(db: Database, senderId: number, input: SupportSendRequest): Promise<void> {
  if (input.kind === 'image' && !(await attachOwnUploads(db, senderId, 'service', [input.body]))) {
    throw new AppError('SUPPORT_PICTURE_INVALID');
  }
}

/** A customer writes to the platform's agents; the conversation is made on the first message. */
export async function sendUserMessage(
  db: Database,
  userId: number,
  input: SupportSendRequest,
): Promise<SupportMessage> {
  await checkPicture(db, userId, input);
  return db.transaction(async (tx) => {
    await tx.insert(supportConversations).values({ userId }).onConflictDoNothing();
    const [conversation] = await tx
      .select({ id: supportConversations.id })
      .from(supportConversations)
      .where(eq(supportConversations.userId, userId))
      .for('update');
    if (!conversation) throw new Error('conversation upsert returned nothing');
    const [row] = await tx
      .insert(supportMessages)
      .values({ conversationId: conversation.id, sender: 'user', kind: input.kind, body: input.body })
      .returning();
    if (!row) throw new Error('message insert returned nothing');
    await tx
      .update(supportConversations)
      .set({
        agentUnread: sql`${supportConversations.agentUnread} + 1`,
        lastMessageId: row.id,
        lastMessageAt: row.createdAt,
      })
      .where(eq(supportConversations.id, conversation.id));
    return toMessage(row, userId);
  });
}

/**
 * An agent answers a user's conversation (it must exist: customers write first). Answering
 * counts as having read it; the user gets a `service_reply` notification.
 */
export async function sendAgentReply(
  db: Database,
  agentId: number,
  input: SupportSendRequest & { user_id: number },
): Promise<SupportMessage> {
  await checkPicture(db, agentId, input);
  const agentName = displayName(await getUserInfo(db, agentId));
  return db.transaction(async (tx) => {
    const [conversation] = await tx
      .select({ id: supportConversations.id })
      .from(supportConversations)
      .where(eq(supportConversations.userId, input.user_id))
      .for('update');
    if (!conversation) throw new AppError('NOT_FOUND');
    const [row] = await tx
      .insert(supportMessages)
      .values({
        conversationId: conversation.id,
        sender: 'agent',
        agentId,
        agentName,
        kind: input.kind,
        body: input.body,
      })
      .returning();
    if (!row) throw new Error('message insert returned nothing');
    await tx
      .update(supportConversations)
      .set({
        userUnread: sql`${supportConversations.userUnread} + 1`,
        agentUnread: 0,
        lastMessageId: row.id,
        lastMessageAt: row.createdAt,
      })
      .where(eq(supportConversations.id, conversation.id));
    await notify(tx, input.user_id, 'service_reply', serviceRef, { agent: agentName });
    return toMessage(row, input.user_id);
  });
}

/** A page of the user's conversation, oldest first; `before_id` pages back. No conversation: empty. */
export async function listMessages(db: Database, userId: number, beforeId?: number): Promise<SupportMessagePage> {
  const conversation = await findConversation(db, userId);
  if (!conversation) return { list: [], has_more: false, unread: 0 };
  const rows = await db
    .select()
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.conversationId, conversation.id),
        beforeId === undefined ? undefined : lt(supportMessages.id, beforeId),
      ),
    )
    .orderBy(desc(supportMessages.id))
    .limit(serviceLimits.pageSize + 1);
  const page = rows.slice(0, serviceLimits.pageSize).reverse();
  return {
    list: page.map((row) => toMessage(row, userId)),
    has_more: rows.length > serviceLimits.pageSize,
    unread: conversation.userUnread,
  };
}

/** The user has seen the agents' messages: the counter and the service-reply notification clear. */
export async function markUserRead(db: Database, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(supportConversations).set({ userUnread: 0 }).where(eq(supportConversations.userId, userId));
    await markNotificationsReadByRef(tx, userId, 'service_reply', serviceRef);
  });
}

/** An agent has seen the user's messages. */
export async function markAgentRead(db: Database, userId: number): Promise<void> {
  await db.update(supportConversations).set({ agentUnread: 0 }).where(eq(supportConversations.userId, userId));
}

export async function countUserUnread(db: Database, userId: number): Promise<number> {
  return (await findConversation(db, userId))?.userUnread ?? 0;
}

/** The admin inbox: conversations with unread messages first, then by their last message. */
export async function listInbox(db: Database, page: number): Promise<SupportInbox> {
  const size = serviceLimits.inboxPageSize;
  const rows = await db
    .select({ conversation: supportConversations, last: supportMessages })
    .from(supportConversations)
    .leftJoin(supportMessages, eq(supportMessages.id, supportConversations.lastMessageId))
    .orderBy(
      desc(sql`${supportConversations.agentUnread} > 0`),
      desc(supportConversations.lastMessageAt),
      desc(supportConversations.id),
    )
    .limit(size + 1)
    .offset((page - 1) * size);
  const list: SupportConversation[] = await Promise.all(
    rows.slice(0, size).map(async ({ conversation, last }) => {
      const user = await getUserInfo(db, conversation.userId);
      return {
        user_id: conversation.userId,
        account: user.account,
        name: displayName(user),
        avatar: user.avatar,
        agent_unread: conversation.agentUnread,
        last_message: last ? toMessage(last, conversation.userId) : null,
        last_message_at: conversation.lastMessageAt.toISOString(),
      };
    }),
  );
  return { list, page, has_more: rows.length > size };
}

/**
 * Messages after `lastId` for a stream that reconnects: the user's own conversation, or every
 * conversation for an agent. Oldest first, at most `catchUpMax`.
 */
export async function listMessagesAfter(
  db: Database,
  viewer: { userId: number; isAgent: boolean },
  lastId: number,
): Promise<SupportMessage[]> {
  const rows = await db
    .select({ message: supportMessages, userId: supportConversations.userId })
    .from(supportMessages)
    .innerJoin(supportConversations, eq(supportConversations.id, supportMessages.conversationId))
    .where(
      and(gt(supportMessages.id, lastId), viewer.isAgent ? undefined : eq(supportConversations.userId, viewer.userId)),
    )
    .orderBy(asc(supportMessages.id))
    .limit(serviceLimits.catchUpMax);
  return rows.map((row) => toMessage(row.message, row.userId));
}

/**
 * Whether `viewerId` may see the service picture at `url` because it was sent in their own
 * conversation (an agent's picture, which the uploads table records as the agent's).
 */
export async function isPictureInConversationOf(db: Database, viewerId: number, url: string): Promise<boolean> {
  const [row] = await db
    .select({ id: supportMessages.id })
    .from(supportMessages)
    .innerJoin(supportConversations, eq(supportConversations.id, supportMessages.conversationId))
    .where(
      and(eq(supportMessages.kind, 'image'), eq(supportMessages.body, url), eq(supportConversations.userId, viewerId)),
    )
    .limit(1);
  return row !== undefined;
}

// ---- stream tickets ----

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** A ticket for one stream connection, redeemable once within `ticketSeconds`. Stored hashed. */
export async function issueStreamTicket(
  db: Database,
  viewer: { userId: number; isAgent: boolean },
  now = new Date(),
): Promise<{ ticket: string; expires_in: number }> {
  const ticket = randomBytes(24).toString('base64url');
  // Expired tickets are dropped as new ones are issued: the table stays as small as the traffic.
  await db.delete(supportStreamTickets).where(lte(supportStreamTickets.expiresAt, now));
  await db.insert(supportStreamTickets).values({
    hash: hashTicket(ticket),
    userId: viewer.userId,
    isAgent: viewer.isAgent,
    expiresAt: new Date(now.getTime() + serviceLimits.ticketSeconds * 1000),
  });
  return { ticket, expires_in: serviceLimits.ticketSeconds };
}

/** Redeems a ticket (deleting it, so a second use fails); an unknown or expired one is refused. */
export async function redeemStreamTicket(
  db: Database,
  ticket: string,
  now = new Date(),
): Promise<{ userId: number; isAgent: boolean }> {
  const [row] = await db
    .delete(supportStreamTickets)
    .where(and(eq(supportStreamTickets.hash, hashTicket(ticket)), gt(supportStreamTickets.expiresAt, now)))
    .returning({ userId: supportStreamTickets.userId, isAgent: supportStreamTickets.isAgent });
  if (!row) throw new AppError('SUPPORT_TICKET_INVALID');
  return row;
}
