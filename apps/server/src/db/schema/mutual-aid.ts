import { date, index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Mutual aid (issue 15): a user supports one shop per platform day. The unique key on
 * (user_id, day) is what makes "once per day" hold under concurrent taps.
 */
export const shopSupports = pgTable(
  'shop_supports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    shopId: integer('shop_id').notNull(),
    /** The platform day (TIME_ZONE) of the support, YYYY-MM-DD. */
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('shop_supports_user_day_unique').on(table.userId, table.day),
    index('shop_supports_user_idx').on(table.userId, table.id.desc().nullsFirst()),
    index('shop_supports_shop_day_idx').on(table.shopId, table.day),
  ],
);
