import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Support (issue 15): complaints about shops and the platform's text pages (help, law,
 * partnership). Owned by the support module.
 */

export const complaints = pgTable(
  'complaints',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    shopId: integer('shop_id').notNull(),
    /** The shop's name when the complaint was filed (shown even if the shop is renamed). */
    shopName: text('shop_name').notNull(),
    content: text('content').notNull(),
    /** Private upload URLs (purpose evidence), at most 3. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** 0 open, 1 handled. */
    status: smallint('status').notNull().default(0),
    reply: text('reply').notNull().default(''),
    handledBy: integer('handled_by'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('complaints_status_check', sql`${table.status} in (0, 1)`),
    index('complaints_user_idx').on(table.userId, table.id.desc().nullsFirst()),
    index('complaints_shop_idx').on(table.shopId, table.id.desc().nullsFirst()),
    index('complaints_status_idx').on(table.status, table.id.desc().nullsFirst()),
  ],
);

/** One text page in one language; the body is restricted markup, never HTML. */
export const contentPages = pgTable(
  'content_pages',
  {
    key: text('key').notNull(),
    lang: text('lang').notNull(),
    body: text('body').notNull(),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.key, table.lang] })],
);
