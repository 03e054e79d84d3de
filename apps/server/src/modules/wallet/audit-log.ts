import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema/wallet.ts';

export interface AuditLogEntry {
  adminId: number;
  action: string;
  targetType: string;
  targetId: string;
  detail?: unknown;
}

/** One row per admin action, written inside the action's own transaction. */
export async function writeAuditLog(tx: Database, entry: AuditLogEntry): Promise<void> {
  await tx.insert(auditLog).values({ ...entry, detail: entry.detail ?? null });
}
