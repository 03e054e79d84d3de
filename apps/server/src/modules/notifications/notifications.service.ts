import type { Notification, NotificationKind, NotificationPage, NotificationParams } from '@crossmart/contract';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { fixedStatement, runFixed } from '../../db/prepared.ts';
import { notifications } from '../../db/schema/notifications.ts';

/**
 * Kinds that stay one unread line per thing: a second service reply while the first is unread
 * refreshes that line (time and params) instead of adding another.
 */
const coalescingKinds: ReadonlySet<NotificationKind> = new Set(['service_reply']);

/**
 * Records that something happened to `userId`. Called by the module where it happened, with its
 * transaction handle, so the notification exists exactly when the event committed. The text is
 * rendered by the reader from `kind` and `params`.
 */
export async function notify(
  tx: Database,
  userId: number,
  kind: NotificationKind,
  ref: string,
  params: NotificationParams = {},
): Promise<void> {
  if (coalescingKinds.has(kind)) {
    const refreshed = await tx
      .update(notifications)
      .set({ params, createdAt: sql`now()` })
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.kind, kind),
          eq(notifications.ref, ref),
          isNull(notifications.readAt),
        ),
      )
      .returning({ id: notifications.id });
    if (refreshed.length > 0) return;
  }
  await runFixed(tx, insertStatement, { userId, kind, ref, params: JSON.stringify(params) });
}

/** Every payment writes one: the text is built once and prepared once per connection. */
const insertStatement = fixedStatement(
  sql`insert into ${notifications} (user_id, kind, ref, params) values (${sql.placeholder('userId')}, ${sql.placeholder('kind')}, ${sql.placeholder('ref')}, ${sql.placeholder('params')}::jsonb)`,
);

/** Marks the user's unread notifications of one kind about one thing as read (e.g. the chat was opened). */
export async function markNotificationsReadByRef(
  tx: Database,
  userId: number,
  kind: NotificationKind,
  ref: string,
): Promise<void> {
  await tx
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.kind, kind),
        eq(notifications.ref, ref),
        isNull(notifications.readAt),
      ),
    );
}

type Row = typeof notifications.$inferSelect;

function toNotification(row: Row): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    ref: row.ref,
    params: row.params,
    is_read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The user's notifications, newest first. */
export async function listNotifications(
  db: Database,
  userId: number,
  page: number,
  limit: number,
): Promise<NotificationPage> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit + 1)
    .offset((page - 1) * limit);
  return { list: rows.slice(0, limit).map(toNotification), page, limit, has_more: rows.length > limit };
}

export async function countUnreadNotifications(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.count ?? 0;
}

/** Marks the given notifications (only the user's own; others' ids are ignored) or all as read. */
export async function markNotificationsRead(
  db: Database,
  userId: number,
  input: { ids?: number[] | undefined; all?: boolean | undefined },
): Promise<number> {
  const own = and(eq(notifications.userId, userId), isNull(notifications.readAt));
  const where = input.all ? own : and(own, inArray(notifications.id, input.ids ?? []));
  const updated = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(where)
    .returning({ id: notifications.id });
  return updated.length;
}
