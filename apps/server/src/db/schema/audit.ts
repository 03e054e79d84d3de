import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Every admin action (issue 14): who, when, what, on which record, the state before and after,
 * and the reason given. Written inside the action's own transaction; append-only (a trigger
 * refuses UPDATE and DELETE, migration `audit_log_append_only`).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** Older rows keep their whole story here; new rows use before / after. */
    detail: jsonb('detail'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_target_idx').on(table.targetType, table.targetId),
    index('audit_log_admin_idx').on(table.adminId, table.id),
    index('audit_log_action_idx').on(table.action, table.id),
  ],
);
