import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { languages } from './content.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One table for every account: buyers, merchants and admins (docs/product-rules.md, roles). Secrets are argon2id
 * hashes only. The failure counters back the login and payment lockouts (accounts README).
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    account: text('account').notNull(),
    passwordHash: text('password_hash').notNull(),
    familyName: text('family_name').notNull().default(''),
    givenName: text('given_name').notNull().default(''),
    /** Lower-cased; null for accounts made by `admin:create` without one. */
    email: text('email'),
    /** Digits with an optional leading +. */
    mobile: text('mobile'),
    avatar: text('avatar').notNull().default(''),
    language: text('language')
      .notNull()
      .default('jp')
      .references(() => languages.fileName),
    role: text('role').notNull().default('buyer'),
    /** Admins only: `super` or `support` (docs/product-rules.md §1); null for buyers and merchants. */
    adminRole: text('admin_role'),
    status: text('status').notNull().default('active'),
    payPasswordHash: text('pay_password_hash'),
    /** Login attempts since the last success or lock expiry (claimed before each verification). */
    loginFailures: integer('login_failures').notNull().default(0),
    loginLockedUntil: timestamptz('login_locked_until'),
    /** Payment-code attempts since the last success or lock expiry (claimed before each verification). */
    payFailures: integer('pay_failures').notNull().default(0),
    payLockedUntil: timestamptz('pay_locked_until'),
    passwordChangedAt: timestamptz('password_changed_at').notNull().defaultNow(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_account_key').on(sql`lower(${table.account})`),
    uniqueIndex('users_email_key').on(table.email),
    uniqueIndex('users_mobile_key').on(table.mobile),
    check('users_role_check', sql`${table.role} in ('buyer', 'merchant', 'admin')`),
    check(
      'users_admin_role_check',
      sql`${table.adminRole} is null or (${table.role} = 'admin' and ${table.adminRole} in ('super', 'support'))`,
    ),
    check('users_status_check', sql`${table.status} in ('active', 'disabled')`),
    check('users_login_failures_check', sql`${table.loginFailures} >= 0`),
    check('users_pay_failures_check', sql`${table.payFailures} >= 0`),
  ],
);

/** Login sessions. Only the SHA-256 of the token is stored; the token itself is shown once. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the 256-bit random token. */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_key').on(table.tokenHash),
    index('sessions_user_id_idx').on(table.userId),
  ],
);

/** Mailed password-reset codes: 6 digits, argon2id-hashed, 10 minutes, single use. */
export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [
    index('password_reset_codes_user_id_idx').on(table.userId),
    check('password_reset_codes_attempts_check', sql`${table.attempts} >= 0`),
  ],
);

/**
 * Every mail the platform sends. Without SMTP configured the rows stay `pending`: the admin
 * console and the tests read them here.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    sentAt: timestamptz('sent_at'),
    /** A sender's claim on a pending mail: no other sender takes it before then (deliverPendingMail). */
    claimedUntil: timestamptz('claimed_until'),
  },
  (table) => [
    index('mail_outbox_status_idx').on(table.status, table.id),
    check('mail_outbox_status_check', sql`${table.status} in ('pending', 'sent', 'failed')`),
  ],
);

/**
 * Durable throttle counters (login tries per source, per account name and per account and source;
 * reset-code requests): one row per key and fixed window. Rows in the database cannot be flushed
 * by filling a cache with other names, and every server instance counts on the same rows.
 */
export const authThrottles = pgTable('auth_throttles', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull().default(0),
  windowEndsAt: timestamptz('window_ends_at').notNull(),
});
