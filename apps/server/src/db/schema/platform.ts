import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Facts about the database itself, such as when the demo seed ran. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
