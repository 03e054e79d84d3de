import type { AdminLedgerTransaction, LedgerKind } from '@crossmart/contract';
import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/ledger.ts';
import { isRowIdText } from '../../shared/row-id-text.ts';

/**
 * The admin console's ledger explorer (issue 14): accounts with balances, transactions with
 * their entries. Reads only; every page is bounded.
 */

interface Paging {
  page: number;
  limit: number;
}

export async function listLedgerAccounts(
  db: Database,
  query: Paging & { type: 'user' | 'platform'; q?: string | undefined },
) {
  const conditions: SQL[] = [query.type === 'user' ? isNotNull(ledgerAccounts.userId) : isNull(ledgerAccounts.userId)];
  if (query.q) {
    conditions.push(
      isRowIdText(query.q) && query.type === 'user'
        ? eq(ledgerAccounts.userId, Number(query.q))
        : eq(ledgerAccounts.code, query.q),
    );
  }
  const rows = await db
    .select({
      id: ledgerAccounts.id,
      code: ledgerAccounts.code,
      user_id: ledgerAccounts.userId,
      balance: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .where(and(...conditions))
    .orderBy(asc(ledgerAccounts.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return {
    list: rows.slice(0, query.limit),
    page: query.page,
    limit: query.limit,
    has_more: rows.length > query.limit,
  };
}

/** The entries of the given transactions, grouped as the contract's transaction shape. */
async function withEntries(
  db: Database,
  transactions: { id: number; kind: string; reference: string; createdAt: Date }[],
): Promise<AdminLedgerTransaction[]> {
  if (transactions.length === 0) return [];
  const entries = await db
    .select({
      id: ledgerEntries.id,
      transactionId: ledgerEntries.transactionId,
      account_code: ledgerAccounts.code,
      user_id: ledgerAccounts.userId,
      amount: ledgerEntries.amount,
      balance_after: ledgerEntries.balanceAfter,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(
      inArray(
        ledgerEntries.transactionId,
        transactions.map((row) => row.id),
      ),
    )
    .orderBy(asc(ledgerEntries.id));
  return transactions.map((row) => ({
    id: row.id,
    kind: row.kind as LedgerKind,
    reference: row.reference,
    created_at: row.createdAt.toISOString(),
    entries: entries.filter((entry) => entry.transactionId === row.id).map(({ transactionId: _, ...entry }) => entry),
  }));
}

/** Transactions newest first, filtered by kind, exact reference and / or an account they touch. */
export async function listLedgerTransactions(
  db: Database,
  query: Paging & { kind?: LedgerKind | undefined; reference?: string | undefined; account_id?: number | undefined },
) {
  const conditions: SQL[] = [];
  if (query.kind) conditions.push(eq(ledgerTransactions.kind, query.kind));
  if (query.reference) conditions.push(eq(ledgerTransactions.reference, query.reference));
  if (query.account_id) {
    conditions.push(
      sql`exists (select 1 from ${ledgerEntries} where ${ledgerEntries.transactionId} = ${ledgerTransactions.id} and ${ledgerEntries.accountId} = ${query.account_id})`,
    );
  }
  const rows = await db
    .select({
      id: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      reference: ledgerTransactions.reference,
      createdAt: ledgerTransactions.createdAt,
    })
    .from(ledgerTransactions)
    .where(and(...conditions))
    .orderBy(desc(ledgerTransactions.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return {
    list: await withEntries(db, rows.slice(0, query.limit)),
    page: query.page,
    limit: query.limit,
    has_more: rows.length > query.limit,
  };
}

/** Every transaction with one of the references (an order's payment, refund, settlement). */
export async function ledgerTransactionsByReference(
  db: Database,
  references: string[],
): Promise<AdminLedgerTransaction[]> {
  if (references.length === 0) return [];
  const rows = await db
    .select({
      id: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      reference: ledgerTransactions.reference,
      createdAt: ledgerTransactions.createdAt,
    })
    .from(ledgerTransactions)
    .where(inArray(ledgerTransactions.reference, references))
    .orderBy(asc(ledgerTransactions.id));
  return withEntries(db, rows);
}
