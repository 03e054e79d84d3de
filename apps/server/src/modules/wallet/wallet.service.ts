import {
  type AuditLogQuery,
  type ExtractAuditRequest,
  type ExtractInfo,
  type ExtractRequest,
  type Recharge,
  type RechargeAuditRequest,
  type RechargeRequest,
  unsupportedNetworkPattern,
  type Withdrawal,
  withdrawalFee,
} from '@crossmart/contract';
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { recharges, withdrawals } from '../../db/schema/wallet.ts';
import { AppError } from '../../errors.ts';
import { userAccounts } from '../accounts/index.ts';
import { writeAuditLog } from '../audit/index.ts';
import { getUserBalance, type PostingLeg, postTransaction } from '../ledger/index.ts';
import { notify } from '../notifications/index.ts';
import { attachOwnUploads, uploadContentHash } from '../uploads/index.ts';
import { findChainChannel, getSettings } from './settings.service.ts';

type RechargeRow = typeof recharges.$inferSelect;
type WithdrawalRow = typeof withdrawals.$inferSelect;
const iso = (date: Date | null) => (date ? date.toISOString() : null);
const status = (value: number) => (value === 1 ? 1 : value === 2 ? 2 : 0);

function toRecharge(row: RechargeRow): Recharge {
  return {
    id: row.id,
    method: row.method === 'bank' ? 'bank' : row.method === 'chain' ? 'chain' : 'manual',
    network: row.network,
    coin: row.coin,
    address: row.address,
    amount: row.amount,
    actual_amount: row.actualAmount,
    image: row.image,
    tx_hash: row.txHash,
    status: status(row.status),
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    audited_at: iso(row.auditedAt),
  };
}

function toWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    type: row.type === 'chain' ? 'chain' : 'bank',
    amount: row.amount,
    fee: row.fee,
    actual_amount: row.actualAmount,
    bank_card: row.bankCard,
    bank_name: row.bankName,
    holder: row.holder,
    network: row.network,
    address: row.address,
    status: status(row.status),
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    audited_at: iso(row.auditedAt),
  };
}

const statusFilter = (column: typeof recharges.status | typeof withdrawals.status, value: AuditLogQuery['status']) =>
  value === 'all' ? undefined : eq(column, Number(value));

async function page<Row, Item>(
  query: { page: number; limit: number },
  fetch: (limit: number, offset: number) => Promise<Row[]>,
  total: () => Promise<number>,
  map: (row: Row) => Item,
) {
  const rows = await fetch(query.limit + 1, (query.page - 1) * query.limit);
  return {
    list: rows.slice(0, query.limit).map(map),
    page: query.page,
    limit: query.limit,
    has_more: rows.length > query.limit,
    total: await total(),
  };
}

// ---- recharge ----

/** Records a recharge request (status 0); nothing is credited before an admin passes it. */
export async function createRecharge(tx: Database, userId: number, input: RechargeRequest): Promise<Recharge> {
  let network: string | null = null;
  let coin: string | null = null;
  if (input.method === 'chain') {
    if (!input.network || !input.coin) throw new AppError('CHANNEL_NOT_FOUND');
    if (unsupportedNetworkPattern.test(input.network)) throw new AppError('NETWORK_NOT_SUPPORTED');
    const channel = await findChainChannel(tx, input.network, input.coin);
    if (!channel) throw new AppError('CHANNEL_NOT_FOUND');
    network = channel.network;
    coin = channel.coin;
  }
  let imageSha256: string | null = null;
  if (input.image) {
    if (!(await attachOwnUploads(tx, userId, 'evidence', [input.image]))) throw new AppError('EVIDENCE_INVALID');
    imageSha256 = (await uploadContentHash(tx, input.image)) ?? null;
  }
  const txHash = input.method === 'chain' ? (input.tx_hash ?? null) : null;
  const [row] = await withTxHashUnique(() =>
    tx
      .insert(recharges)
      .values({
        userId,
        method: input.method,
        network,
        coin,
        address: input.method === 'chain' ? (input.address ?? null) : null,
        amount: input.amount,
        image: input.image ?? null,
        imageSha256,
        txHash,
      })
      .returning(),
  );
  if (!row) throw new Error('insert returned no recharge');
  return toRecharge(row);
}

/**
 * The unique index on (network, lower(tx_hash)) refuses a chain transaction already claimed by
 * another recharge, also when two submissions race; the answer names the reason.
 */
async function withTxHashUnique<T>(insert: () => Promise<T>): Promise<T> {
  try {
    return await insert();
  } catch (error) {
    if (isUniqueViolation(error, 'recharges_network_tx_hash_key')) throw new AppError('RECHARGE_TX_HASH_USED');
    throw error;
  }
}

/** Whether another recharge's evidence has the same bytes (SHA-256): shown to the auditor. */
const evidenceReused = sql<boolean>`exists (select 1 from ${recharges} as other where other.image_sha256 = ${recharges.imageSha256} and other.id <> ${recharges.id})`;

export async function listRecharges(db: Database, userId: number, query: AuditLogQuery) {
  const where = and(eq(recharges.userId, userId), statusFilter(recharges.status, query.status));
  return page(
    query,
    (limit, offset) => db.select().from(recharges).where(where).orderBy(desc(recharges.id)).limit(limit).offset(offset),
    async () => (await db.select({ n: count() }).from(recharges).where(where))[0]?.n ?? 0,
    toRecharge,
  );
}

// ---- withdrawal ----

export async function getExtractInfo(db: Database, userId: number): Promise<ExtractInfo> {
  const settings = await getSettings(db);
  return {
    balance: await getUserBalance(db, userId),
    fee_rate_bp: settings.withdrawal_fee_bp,
    min_amount: settings.min_withdrawal,
    min_fee: settings.withdrawal_fee_bp > 0 ? 1 : 0,
  };
}

/**
 * A withdrawal request: the row and the hold (user → withdrawals_pending) in the caller's one
 * transaction. The fee and actual arrival are computed here, never taken from the client.
 * The payment code is checked by the caller beforehand (accounts: outside the transaction).
 */
export async function requestWithdrawal(tx: Database, userId: number, input: ExtractRequest): Promise<Withdrawal> {
  const settings = await getSettings(tx);
  if (input.amount < settings.min_withdrawal) {
    throw new AppError('WITHDRAW_BELOW_MINIMUM', { minimum: settings.min_withdrawal });
  }
  const fee = withdrawalFee(input.amount, settings.withdrawal_fee_bp);
  const actual = input.amount - fee;
  if (actual <= 0) throw new AppError('WITHDRAW_AMOUNT_INVALID');
  const isBank = input.type === 'bank';
  const [row] = await tx
    .insert(withdrawals)
    .values({
      userId,
      type: input.type,
      amount: input.amount,
      fee,
      actualAmount: actual,
      bankCard: isBank ? (input.bank_card ?? null) : null,
      bankName: isBank ? (input.bank_name ?? null) : null,
      holder: isBank ? (input.holder ?? null) : null,
      network: isBank ? null : (input.network ?? null),
      address: isBank ? null : (input.address ?? null),
    })
    .returning();
  if (!row) throw new Error('insert returned no withdrawal');
  try {
    await postTransaction(tx, {
      kind: 'withdrawal_request',
      reference: `withdrawal:${row.id}`,
      legs: [
        { account: { userId }, amount: -input.amount },
        { account: { platform: 'withdrawals_pending' }, amount: input.amount },
      ],
    });
  } catch (error) {
    // Spec §8: "Withdrawal amount invalid, or over balance."
    if (error instanceof AppError && error.key === 'INSUFFICIENT_BALANCE')
      throw new AppError('WITHDRAW_AMOUNT_INVALID');
    throw error;
  }
  return toWithdrawal(row);
}

export async function listWithdrawals(db: Database, userId: number, query: AuditLogQuery) {
  const where = and(eq(withdrawals.userId, userId), statusFilter(withdrawals.status, query.status));
  return page(
    query,
    (limit, offset) =>
      db.select().from(withdrawals).where(where).orderBy(desc(withdrawals.id)).limit(limit).offset(offset),
    async () => (await db.select({ n: count() }).from(withdrawals).where(where))[0]?.n ?? 0,
    toWithdrawal,
  );
}

// ---- admin ----

export async function listRechargesForAdmin(db: Database, query: AuditLogQuery) {
  const where: SQL | undefined = statusFilter(recharges.status, query.status);
  const user = userAccounts(db);
  return page(
    query,
    (limit, offset) =>
      db
        .select({ row: recharges, account: user.account, evidenceReused })
        .from(recharges)
        .innerJoin(user, eq(user.userId, recharges.userId))
        .where(where)
        .orderBy(desc(recharges.id))
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ n: count() }).from(recharges).where(where))[0]?.n ?? 0,
    ({ row, account, evidenceReused }) => ({
      ...toRecharge(row),
      user_id: row.userId,
      account,
      evidence_reused: evidenceReused === true,
      first_approved_by: row.firstApprovedBy,
      first_actual_amount: row.firstActualAmount,
    }),
  );
}

export async function listWithdrawalsForAdmin(db: Database, query: AuditLogQuery) {
  const where: SQL | undefined = statusFilter(withdrawals.status, query.status);
  const user = userAccounts(db);
  return page(
    query,
    (limit, offset) =>
      db
        .select({ row: withdrawals, account: user.account })
        .from(withdrawals)
        .innerJoin(user, eq(user.userId, withdrawals.userId))
        .where(where)
        .orderBy(desc(withdrawals.id))
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ n: count() }).from(withdrawals).where(where))[0]?.n ?? 0,
    ({ row, account }) => ({ ...toWithdrawal(row), user_id: row.userId, account }),
  );
}

async function notAuditable(db: Database, table: typeof recharges | typeof withdrawals, id: number): Promise<never> {
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  throw new AppError(row ? 'ALREADY_AUDITED' : 'NOT_FOUND');
}

/**
 * Locks the record to audit and applies the four-eyes rules common to recharges and withdrawals:
 * it must exist, wait for audit, and belong to someone other than the auditing admin.
 */
async function lockForAudit<T extends typeof recharges | typeof withdrawals>(
  tx: Database,
  table: T,
  id: number,
  adminId: number,
): Promise<{ userId: number; status: number }> {
  const [row] = await tx
    .select({ userId: table.userId, status: table.status })
    .from(table as typeof recharges)
    .where(eq(table.id, id))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND');
  if (row.status !== 0) throw new AppError('ALREADY_AUDITED');
  if (row.userId === adminId) throw new AppError('AUDIT_OWN_RECORD');
  return row;
}

/**
 * Passes (crediting the actual arrival: external → user) or refuses a recharge. The row lock and
 * the conditional update (status 0 → 1|2) let exactly one of concurrent audits through; the
 * ledger's unique (kind, reference) is the second guard. Four eyes (docs/product-rules.md §1):
 * no admin audits their own recharge, and a pass above `four_eyes_threshold` first records one
 * super admin's approval (the recharge keeps waiting) and takes effect with a second admin's,
 * who must confirm the same actual amount.
 */
export async function auditRecharge(tx: Database, adminId: number, input: RechargeAuditRequest): Promise<Recharge> {
  const isPass = input.status === 1;
  await lockForAudit(tx, recharges, input.id, adminId);
  if (isPass) {
    const [pending] = await tx.select().from(recharges).where(eq(recharges.id, input.id));
    if (!pending) throw new AppError('NOT_FOUND');
    const actual = input.actual_amount ?? 0;
    if (pending.firstApprovedBy !== null) {
      if (pending.firstApprovedBy === adminId) throw new AppError('SECOND_APPROVER_REQUIRED');
      if (pending.firstActualAmount !== actual) throw new AppError('SECOND_APPROVAL_MISMATCH');
    } else if (actual > (await getSettings(tx)).four_eyes_threshold) {
      const [approved] = await tx
        .update(recharges)
        .set({ firstApprovedBy: adminId, firstApprovedAt: new Date(), firstActualAmount: actual })
        .where(and(eq(recharges.id, input.id), eq(recharges.status, 0), isNull(recharges.firstApprovedBy)))
        .returning();
      if (!approved) throw new AppError('ALREADY_AUDITED');
      await writeAuditLog(tx, {
        adminId,
        action: 'recharge_first_approval',
        targetType: 'recharge',
        targetId: approved.id,
        before: { status: 0, first_approved_by: null },
        after: { status: 0, first_approved_by: adminId, first_actual_amount: actual },
        reason: input.reason,
      });
      return toRecharge(approved);
    }
  }
  const [row] = await tx
    .update(recharges)
    .set({
      status: input.status,
      actualAmount: isPass ? (input.actual_amount ?? null) : null,
      reason: input.reason ?? null,
      auditedBy: adminId,
      auditedAt: new Date(),
    })
    .where(and(eq(recharges.id, input.id), eq(recharges.status, 0)))
    .returning();
  if (!row) return notAuditable(tx, recharges, input.id);
  if (isPass && row.actualAmount) {
    await postTransaction(tx, {
      kind: 'recharge',
      reference: `recharge:${row.id}`,
      legs: [
        { account: { platform: 'external' }, amount: -row.actualAmount },
        { account: { userId: row.userId }, amount: row.actualAmount },
      ],
    });
  }
  await writeAuditLog(tx, {
    adminId,
    action: isPass ? 'recharge_pass' : 'recharge_refuse',
    targetType: 'recharge',
    targetId: row.id,
    before: { status: 0, amount: row.amount, first_approved_by: row.firstApprovedBy },
    after: { status: row.status, actual_amount: row.actualAmount },
    reason: row.reason,
  });
  await notify(tx, row.userId, isPass ? 'recharge_passed' : 'recharge_refused', `recharge:${row.id}`, {
    amount: row.amount,
    actual_amount: row.actualAmount ?? 0,
    reason: row.reason ?? '',
  });
  return toRecharge(row);
}

/**
 * Passes (withdrawals_pending → external for the actual arrival, → fees for the charge) or
 * refuses (withdrawals_pending → user) a withdrawal; takes effect once like `auditRecharge`.
 */
export async function auditWithdrawal(tx: Database, adminId: number, input: ExtractAuditRequest): Promise<Withdrawal> {
  const isPass = input.status === 1;
  await lockForAudit(tx, withdrawals, input.id, adminId);
  const [row] = await tx
    .update(withdrawals)
    .set({ status: input.status, reason: input.reason ?? null, auditedBy: adminId, auditedAt: new Date() })
    .where(and(eq(withdrawals.id, input.id), eq(withdrawals.status, 0)))
    .returning();
  if (!row) return notAuditable(tx, withdrawals, input.id);
  const reference = `withdrawal:${row.id}`;
  if (isPass) {
    const legs: PostingLeg[] = [
      { account: { platform: 'withdrawals_pending' }, amount: -row.amount },
      { account: { platform: 'external' }, amount: row.actualAmount },
    ];
    if (row.fee > 0) legs.push({ account: { platform: 'fees' }, amount: row.fee });
    await postTransaction(tx, { kind: 'withdrawal_paid', reference, legs });
  } else {
    await postTransaction(tx, {
      kind: 'withdrawal_refused',
      reference,
      legs: [
        { account: { platform: 'withdrawals_pending' }, amount: -row.amount },
        { account: { userId: row.userId }, amount: row.amount },
      ],
    });
  }
  await writeAuditLog(tx, {
    adminId,
    action: isPass ? 'withdrawal_pass' : 'withdrawal_refuse',
    targetType: 'withdrawal',
    targetId: row.id,
    before: { status: 0, amount: row.amount, fee: row.fee, actual_amount: row.actualAmount },
    after: { status: row.status },
    reason: row.reason,
  });
  await notify(tx, row.userId, isPass ? 'withdrawal_passed' : 'withdrawal_refused', `withdrawal:${row.id}`, {
    amount: row.amount,
    actual_amount: row.actualAmount,
    reason: row.reason ?? '',
  });
  return toWithdrawal(row);
}

/** Recharges and withdrawals waiting for an admin's audit (status 0), for the `queue_size` metric. */
export async function pendingAuditCounts(
  db: Database,
): Promise<{ recharge_audits: number; withdrawal_audits: number }> {
  const [[recharge], [withdrawal]] = await Promise.all([
    db.select({ n: count() }).from(recharges).where(eq(recharges.status, 0)),
    db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.status, 0)),
  ]);
  return { recharge_audits: Number(recharge?.n ?? 0), withdrawal_audits: Number(withdrawal?.n ?? 0) };
}
