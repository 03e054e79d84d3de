import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * What happened to a user (docs/product-rules.md §5). The text is not stored: `kind` is an i18n key and
 * `params` its values, rendered in the reader's language. `ref` names the thing concerned
 * (`order:12`, `recharge:3`, `withdrawal:4`, `service`), which the client turns into a link.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    ref: text('ref').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notifications_user_id_idx').on(table.userId, table.id),
    index('notifications_unread_idx').on(table.userId).where(sql`${table.readAt} is null`),
  ],
);
