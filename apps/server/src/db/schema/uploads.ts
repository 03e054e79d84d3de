import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** Stored uploads (docs/product-rules.md, API conventions): who uploaded what for which purpose; private ones need auth to read. */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose').notNull(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    isPrivate: boolean('is_private').notNull(),
    mime: text('mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    /** SHA-256 (hex) of the stored bytes, so the same picture used twice can be recognised. */
    sha256: text('sha256'),
    /** A blurred stand-in of the picture (16 px WebP data URI, ADR 0014); null for older rows. */
    placeholder: text('placeholder'),
    /**
     * When a row of the module that uses the file first referenced it (set through `attachUploads`).
     * Files still unattached a day after upload are orphans: housekeeping deletes them.
     */
    attachedAt: timestamp('attached_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('uploads_url_key').on(table.url),
    // The daily quota counts a user's recent uploads.
    index('uploads_user_id_created_at_idx').on(table.userId, table.createdAt),
    index('uploads_orphan_idx').on(table.createdAt).where(sql`${table.attachedAt} is null`),
  ],
);
