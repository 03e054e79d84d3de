import type { AuditLogRow } from '@crossmart/contract';
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit.ts';

export interface AuditLogEntry {
  adminId: number;
  /** What was done, snake_case: `recharge_pass`, `user_freeze`, `shop_suspend`, … */
  action: string;
  targetType: string;
  targetId: string | number;
  /** The record's state before and after the action (only the fields the action changes). */
  before?: unknown;
  after?: unknown;
  reason?: string | null | undefined;
}

/**
 * One row per admin action, written with the caller's transaction handle so the row exists
 * exactly when the action took effect. The table refuses UPDATE and DELETE (trigger).
 */
export async function writeAuditLog(tx: Database, entry: AuditLogEntry): Promise<void> {
  await tx.insert(auditLog).values({
    adminId: entry.adminId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
  });
}

export interface AuditLogFilter {
  page: number;
  limit: number;
  admin_id?: number | undefined;
  action?: string | undefined;
  target_type?: string | undefined;
  target_id?: string | undefined;
  order: 'asc' | 'desc';
}

/**
 * A page of the audit log, newest first unless asked otherwise; every filter is an equality on
 * an indexed column. `accountNames` turns admin ids into their account names (the accounts module's).
 */
export async function searchAuditLog(
  db: Database,
  filter: AuditLogFilter,
  accountNames: (ids: number[]) => Promise<Map<number, string>>,
): Promise<{ list: AuditLogRow[]; page: number; limit: number; has_more: boolean }> {
  const conditions: SQL[] = [];
  if (filter.admin_id) conditions.push(eq(auditLog.adminId, filter.admin_id));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.target_type) conditions.push(eq(auditLog.targetType, filter.target_type));
  if (filter.target_id) conditions.push(eq(auditLog.targetId, filter.target_id));
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(filter.order === 'asc' ? asc(auditLog.id) : desc(auditLog.id))
    .limit(filter.limit + 1)
    .offset((filter.page - 1) * filter.limit);
  const page = rows.slice(0, filter.limit);
  const names = await accountNames([...new Set(page.map((row) => row.adminId))]);
  return {
    list: page.map((row) => ({
      id: row.id,
      admin_id: row.adminId,
      admin_account: names.get(row.adminId) ?? '',
      action: row.action,
      target_type: row.targetType,
      target_id: row.targetId,
      // Rows written before before/after existed keep their story in `detail`.
      before: row.before ?? null,
      after: row.after ?? row.detail ?? null,
      reason: row.reason,
      created_at: row.createdAt.toISOString(),
    })),
    page: filter.page,
    limit: filter.limit,
    has_more: rows.length > filter.limit,
  };
}
