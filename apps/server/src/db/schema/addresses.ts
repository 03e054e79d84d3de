import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Shipping addresses (issue 7 item 1). At most one default per user, enforced by the partial unique
 * index; the addresses service keeps exactly one while the user has any (addresses README).
 */
export const addresses = pgTable(
  'addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The addressee. */
    name: text('name').notNull(),
    /** `+` and digits. */
    mobile: text('mobile').notNull(),
    /** Region path from the built-in region tree, e.g. `['JP', 'JP-13', 'JP-13-shinjuku']`. */
    areaCodes: jsonb('area_codes').$type<string[]>().notNull(),
    /** The area as shown when it was chosen, e.g. "日本 / 東京都 / 新宿区". */
    areaText: text('area_text').notNull(),
    /** Street, building, room. */
    address: text('address').notNull(),
    tag: text('tag').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('addresses_one_default_per_user').on(table.userId).where(sql`${table.isDefault}`),
    index('addresses_user_id_idx').on(table.userId, table.id),
    check('addresses_tag_check', sql`${table.tag} in ('home', 'company', 'other')`),
    check('addresses_area_codes_check', sql`jsonb_typeof(${table.areaCodes}) = 'array'`),
  ],
);
