import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** Admin-editable platform settings (docs/product-rules.md, money), one row per key; values checked by the contract. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Where buyers send deposits: the platform's bank accounts and on-chain addresses. */
export const depositChannels = pgTable(
  'deposit_channels',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    network: text('network'),
    coin: text('coin'),
    address: text('address'),
    bankName: text('bank_name'),
    accountName: text('account_name'),
    accountNumber: text('account_number'),
    branch: text('branch'),
    isEnabled: boolean('is_enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('deposit_channels_kind_check', sql`${table.kind} in ('bank', 'chain')`),
    check(
      'deposit_channels_fields_check',
      sql`(${table.kind} = 'chain' and ${table.network} is not null and ${table.coin} is not null and ${table.address} is not null)
        or (${table.kind} = 'bank' and ${table.bankName} is not null and ${table.accountNumber} is not null)`,
    ),
  ],
);

/** Recharge requests: status 0 auditing, 1 passed (credited `actual_amount`), 2 refused. */
export const recharges = pgTable(
  'recharges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    method: text('method').notNull(),
    network: text('network'),
    coin: text('coin'),
    address: text('address'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    actualAmount: bigint('actual_amount', { mode: 'number' }),
    image: text('image'),
    txHash: text('tx_hash'),
    /** SHA-256 of the evidence picture's bytes (from uploads), so a picture used twice is flagged to the auditor. */
    imageSha256: text('image_sha256'),
    status: smallint('status').notNull().default(0),
    reason: text('reason'),
    auditedBy: integer('audited_by').references(() => users.id),
    auditedAt: timestamp('audited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('recharges_method_check', sql`${table.method} in ('bank', 'manual', 'chain')`),
    check('recharges_status_check', sql`${table.status} in (0, 1, 2)`),
    check('recharges_amount_check', sql`${table.amount} > 0`),
    check(
      'recharges_passed_check',
      sql`(${table.status} = 1) = (${table.actualAmount} is not null and ${table.actualAmount} > 0)`,
    ),
    index('recharges_user_id_id_idx').on(table.userId, table.id),
    index('recharges_status_id_idx').on(table.status, table.id),
    // One chain transaction proves one recharge (issue 17); hashes compare without case (hex).
    uniqueIndex('recharges_network_tx_hash_key')
      .on(table.network, sql`lower(${table.txHash})`)
      .where(sql`${table.txHash} is not null`),
    index('recharges_image_sha256_idx').on(table.imageSha256).where(sql`${table.imageSha256} is not null`),
  ],
);

/**
 * Withdrawals: the amount is held (user → withdrawals_pending) in the same transaction that
 * inserts the row. Status 0 auditing, 1 passed (paid out), 2 refused (returned).
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    actualAmount: bigint('actual_amount', { mode: 'number' }).notNull(),
    bankCard: text('bank_card'),
    bankName: text('bank_name'),
    holder: text('holder'),
    network: text('network'),
    address: text('address'),
    status: smallint('status').notNull().default(0),
    reason: text('reason'),
    auditedBy: integer('audited_by').references(() => users.id),
    auditedAt: timestamp('audited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('withdrawals_type_check', sql`${table.type} in ('bank', 'chain')`),
    check('withdrawals_status_check', sql`${table.status} in (0, 1, 2)`),
    check(
      'withdrawals_amounts_check',
      sql`${table.amount} > 0 and ${table.fee} >= 0 and ${table.actualAmount} > 0 and ${table.fee} + ${table.actualAmount} = ${table.amount}`,
    ),
    index('withdrawals_user_id_id_idx').on(table.userId, table.id),
    index('withdrawals_status_id_idx').on(table.status, table.id),
  ],
);

/** One row per admin action (audits, settings, channels); written in the action's transaction. */
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
    detail: jsonb('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audit_log_target_idx').on(table.targetType, table.targetId)],
);
