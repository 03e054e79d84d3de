import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Idempotency keys (plugins/idempotency.ts): scoped per user; the row and its answer commit in
 * the same transaction as the business effect, so both exist or neither does.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('idempotency_keys_user_id_key_key').on(table.userId, table.key),
    // The hourly purge deletes by age (jobs/housekeeping.ts); rows are only ever inserted.
    index('idempotency_keys_created_at_idx').on(table.createdAt),
  ],
);
