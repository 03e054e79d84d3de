import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Ledger accounts: one wallet per user (`user:<id>`) and the platform accounts. `balance` is a
 * cache of the sum of the account's entries, updated in the same transaction as the entries.
 * Only `external` (the world outside) may go negative.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    userId: integer('user_id').references(() => users.id),
    isNegativeAllowed: boolean('is_negative_allowed').notNull().default(false),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_code_key').on(table.code),
    uniqueIndex('ledger_accounts_user_id_key').on(table.userId),
    check('ledger_accounts_balance_check', sql`${table.balance} >= 0 or ${table.isNegativeAllowed}`),
  ],
);

/** One row per business event; (kind, reference) is unique, so an event can never post twice. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    reference: text('reference').notNull(),
    memo: jsonb('memo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('ledger_transactions_kind_reference_key').on(table.kind, table.reference)],
);

/** Immutable entries; the entries of a transaction sum to zero (checked by a trigger at commit). */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('ledger_entries_amount_check', sql`${table.amount} <> 0`),
    index('ledger_entries_account_id_id_idx').on(table.accountId, table.id),
    index('ledger_entries_transaction_id_idx').on(table.transactionId),
  ],
);
