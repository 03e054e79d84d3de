import type { BillEntry, BillQuery, LedgerKind, LedgerReport } from '@crossmart/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { fixedStatement, runFixed } from '../../db/prepared.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/ledger.ts';
import { AppError } from '../../errors.ts';
import { reportMoneyMovement } from '../../shared/log-context.ts';

/** Platform accounts of docs/product-rules.md (money). Only `external` (money outside the platform) may go negative. */
export const platformAccounts = ['escrow', 'withdrawals_pending', 'fees', 'external'] as const;
export type PlatformAccount = (typeof platformAccounts)[number];

export type LedgerAccountRef = { userId: number } | { platform: PlatformAccount };

export interface PostingLeg {
  account: LedgerAccountRef;
  /** Signed minor units: positive adds to the account's balance, negative takes from it. */
  amount: number;
}

export interface PostingInput {
  kind: LedgerKind;
  /** The business object this event is about (order id, withdrawal id, …); unique per kind. */
  reference: string;
  legs: PostingLeg[];
  memo?: Record<string, unknown>;
}

export interface PostedTransaction {
  transactionId: number;
  /** Balance after posting, by account code. */
  balances: Map<string, number>;
}

export function accountCode(ref: LedgerAccountRef): string {
  return 'userId' in ref ? `user:${ref.userId}` : ref.platform;
}

/** Reference data: the platform accounts exist in every install. */
export async function ensurePlatformAccounts(db: Database): Promise<void> {
  await db
    .insert(ledgerAccounts)
    .values(platformAccounts.map((code) => ({ code, isNegativeAllowed: code === 'external' })))
    .onConflictDoNothing();
}

function assertValidLegs(legs: PostingLeg[]): void {
  if (legs.length < 2) throw new Error('a ledger transaction needs at least two legs');
  const codes = new Set<string>();
  let sum = 0;
  for (const leg of legs) {
    if (!Number.isSafeInteger(leg.amount) || leg.amount === 0) {
      throw new Error(`ledger amounts are non-zero integers in minor units, got ${leg.amount}`);
    }
    const code = accountCode(leg.account);
    if (codes.has(code)) throw new Error(`account ${code} appears twice in one ledger transaction`);
    codes.add(code);
    sum += leg.amount;
  }
  if (sum !== 0) throw new Error(`ledger legs must sum to zero, got ${sum}`);
}

type PostingRow = {
  transaction_id: number | string | null;
  /** Leg accounts that existed when the statement began. */
  found: number;
  /** The legs whose account was updated: code, id and balance after. */
  updated: Array<{ code: string; id: number; balance: number }>;
};

/**
 * The whole posting as ONE statement (data-modifying CTEs), whatever the number of legs: the
 * transaction row (only when every leg's account exists), the balance updates, the entries and the
 * answer. The accounts are locked in code order first (`order by code for update`, the sort runs
 * below the lock) so concurrent postings over the same accounts cannot deadlock; each update
 * re-reads the newest balance under that lock (read committed) and refuses to go below zero.
 * Entries are written only when every leg was updated.
 */
const postingStatement = fixedStatement(sql`
    with legs as (
      select code, amount from unnest(${sql.placeholder('codes')}::text[], ${sql.placeholder('amounts')}::bigint[]) as leg(code, amount)
    ),
    found as (select count(*)::int as n from ledger_accounts where code in (select code from legs)),
    tx as (
      insert into ledger_transactions (kind, reference, memo)
      select ${sql.placeholder('kind')}, ${sql.placeholder('reference')}, ${sql.placeholder('memo')}::jsonb
      where (select n from found) = ${sql.placeholder('legs')}::int
      on conflict do nothing
      returning id
    ),
    locked as materialized (
      select id from ledger_accounts
      where code in (select code from legs) and exists (select 1 from tx)
      order by code
      for update
    ),
    updated as (
      update ledger_accounts a
      set balance = a.balance + legs.amount, updated_at = now()
      from legs, locked
      where a.id = locked.id and a.code = legs.code and (a.balance + legs.amount >= 0 or a.is_negative_allowed)
      returning a.id, a.code, a.balance, legs.amount
    ),
    entries as (
      insert into ledger_entries (transaction_id, account_id, amount, balance_after)
      select tx.id, updated.id, updated.amount, updated.balance
      from tx cross join updated
      where (select count(*) from updated) = ${sql.placeholder('legs')}::int
      order by updated.code
    )
    select
      (select id from tx) as transaction_id,
      (select n from found) as found,
      coalesce((select json_agg(json_build_object('code', code, 'id', id, 'balance', balance)) from updated), '[]'::json) as updated`);

/**
 * The only way money moves: posts one balanced transaction inside the caller's database
 * transaction, so the state change it pays for commits with it or not at all. One statement for
 * any number of legs (a user's first posting adds one to create the user's account).
 * Throws ALREADY_PROCESSED when (kind, reference) was posted before, and INSUFFICIENT_BALANCE when
 * an account other than `external` would go below zero; the caller's transaction then rolls back.
 * Post last: once a transaction holds the escrow account it must wait for no other row lock, or a
 * payment holding that row and waiting for escrow deadlocks with it (ADR 0013 addendum 5).
 */
export async function postTransaction(db: Database, input: PostingInput): Promise<PostedTransaction> {
  const tx = db;
  if (!(db instanceof PgTransaction)) throw new Error('postTransaction must run inside a database transaction');
  assertValidLegs(input.legs);
  const legs = [...input.legs].sort((a, b) => accountCode(a.account).localeCompare(accountCode(b.account)));
  const codes = legs.map((leg) => accountCode(leg.account));
  const amounts = legs.map((leg) => leg.amount);

  let row = await runPosting(tx, input, codes, amounts);
  if (row.found < codes.length) {
    // A user's wallet is created on the first posting to it; then the posting runs again.
    const userIds = legs.flatMap((leg) => ('userId' in leg.account ? [leg.account.userId] : []));
    if (userIds.length > 0) {
      await tx
        .insert(ledgerAccounts)
        .values(userIds.map((userId) => ({ code: accountCode({ userId }), userId })))
        .onConflictDoNothing();
      row = await runPosting(tx, input, codes, amounts);
    }
    if (row.found < codes.length) {
      throw new Error(`a ledger account of ${codes.join(', ')} does not exist`);
    }
  }
  if (row.transaction_id === null) throw new AppError('ALREADY_PROCESSED');
  if (row.updated.length < codes.length) throw new AppError('INSUFFICIENT_BALANCE');
  const transactionId = Number(row.transaction_id);
  const balances = new Map(row.updated.map((account) => [account.code, Number(account.balance)]));
  // The audit trail (one log line per posting with its transaction id) and the postings metric.
  // It is written inside the caller's transaction: an id whose transaction rolled back is absent
  // from ledger_transactions (ids are never reused), which is how an auditor tells them apart.
  reportMoneyMovement({
    transactionId,
    kind: input.kind,
    reference: input.reference,
    amount: input.legs.reduce((sum, leg) => sum + Math.max(leg.amount, 0), 0),
    legs: legs.map((leg) => ({ account: accountCode(leg.account), amount: leg.amount })),
  });
  return { transactionId, balances };
}

async function runPosting(tx: Database, input: PostingInput, codes: string[], amounts: number[]): Promise<PostingRow> {
  const [row] = await runFixed<PostingRow>(tx, postingStatement, {
    codes,
    amounts,
    kind: input.kind,
    reference: input.reference,
    memo: input.memo ? JSON.stringify(input.memo) : null,
    legs: codes.length,
  });
  if (!row) throw new Error('the ledger posting returned no row');
  return { ...row, found: Number(row.found) };
}

export async function getUserBalance(db: Database, userId: number): Promise<number> {
  const [account] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId));
  return account?.balance ?? 0;
}

export async function getPlatformBalances(db: Database): Promise<Record<PlatformAccount, number>> {
  const rows = await db
    .select({ code: ledgerAccounts.code, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.code, [...platformAccounts]));
  const balances = { escrow: 0, withdrawals_pending: 0, fees: 0, external: 0 };
  for (const row of rows) balances[row.code as PlatformAccount] = row.balance;
  return balances;
}

/** The fund record: a user's own entries, newest first (`GET /api/user/bill`). */
export async function listUserEntries(
  db: Database,
  userId: number,
  query: BillQuery,
): Promise<{ list: BillEntry[]; page: number; limit: number; has_more: boolean; total: number }> {
  const [account] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId));
  if (!account) return { list: [], page: query.page, limit: query.limit, has_more: false, total: 0 };
  const filter = and(
    eq(ledgerEntries.accountId, account.id),
    query.kind ? eq(ledgerTransactions.kind, query.kind) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: ledgerEntries.id,
        kind: ledgerTransactions.kind,
        amount: ledgerEntries.amount,
        balance_after: ledgerEntries.balanceAfter,
        reference: ledgerTransactions.reference,
        created_at: ledgerEntries.createdAt,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(filter)
      .orderBy(desc(ledgerEntries.id))
      .limit(query.limit + 1)
      .offset((query.page - 1) * query.limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(filter),
  ]);
  return {
    list: rows.slice(0, query.limit).map((row) => ({
      ...row,
      kind: row.kind as LedgerKind,
      created_at: row.created_at.toISOString(),
    })),
    page: query.page,
    limit: query.limit,
    has_more: rows.length > query.limit,
    total: counted?.total ?? 0,
  };
}

/** Proves the invariants of docs/product-rules.md (money) over the whole book. */
export async function verifyLedger(db: Database): Promise<LedgerReport> {
  const result = await db.execute<{
    transactions: number;
    entries: number;
    unbalanced_transactions: number;
    mismatched_balances: number;
    negative_user_balances: number;
    total_user_balances: number;
    book_sum: number;
  }>(sql`
    select
      (select count(*)::int from ledger_transactions) as transactions,
      (select count(*)::int from ledger_entries) as entries,
      (select count(*)::int from ledger_transactions t
         where coalesce((select sum(e.amount) from ledger_entries e where e.transaction_id = t.id), 0) <> 0
            or not exists (select 1 from ledger_entries e where e.transaction_id = t.id)) as unbalanced_transactions,
      (select count(*)::int from ledger_accounts a
         where a.balance <> coalesce((select sum(e.amount) from ledger_entries e where e.account_id = a.id), 0))
         as mismatched_balances,
      (select count(*)::int from ledger_accounts where user_id is not null and balance < 0) as negative_user_balances,
      (select coalesce(sum(balance), 0)::bigint from ledger_accounts where user_id is not null) as total_user_balances,
      (select coalesce(sum(balance), 0)::bigint from ledger_accounts) as book_sum
  `);
  const row = result.rows[0];
  if (!row) throw new Error('ledger verification returned no row');
  const report = {
    transactions: Number(row.transactions),
    entries: Number(row.entries),
    unbalanced_transactions: Number(row.unbalanced_transactions),
    mismatched_balances: Number(row.mismatched_balances),
    negative_user_balances: Number(row.negative_user_balances),
    total_user_balances: Number(row.total_user_balances),
  };
  const ok =
    report.unbalanced_transactions === 0 &&
    report.mismatched_balances === 0 &&
    report.negative_user_balances === 0 &&
    Number(row.book_sum) === 0;
  return { ok, ...report };
}
