import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Merchant applications (issue 12): a buyer asks for a shop; an admin approves (the shop is made and
 * the account becomes a merchant in the same transaction) or refuses with a reason. Status: 0 pending,
 * 1 approved, 2 refused. A user has at most one pending application (unique partial index), so two
 * approvals can never make two shops for one user.
 */
export const merchantApplications = pgTable(
  'merchant_applications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    shopName: text('shop_name').notNull(),
    logo: text('logo').notNull(),
    contactName: text('contact_name').notNull(),
    mobile: text('mobile').notNull(),
    email: text('email').notNull(),
    /** A catalog category id (no foreign key: categories belong to the catalog module). */
    categoryId: integer('category_id').notNull(),
    description: text('description').notNull(),
    /** Private upload (purpose `evidence`): identity or business document. */
    document: text('document').notNull(),
    status: smallint('status').notNull().default(0),
    reason: text('reason'),
    /** The shop made on approval. */
    shopId: integer('shop_id'),
    auditedBy: integer('audited_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    auditedAt: timestamp('audited_at', { withTimezone: true }),
  },
  (table) => [
    check('merchant_applications_status_check', sql`${table.status} in (0, 1, 2)`),
    uniqueIndex('merchant_applications_one_pending').on(table.userId).where(sql`${table.status} = 0`),
    index('merchant_applications_user_idx').on(table.userId, table.id.desc().nullsFirst()),
    index('merchant_applications_status_idx').on(table.status, table.id),
  ],
);
