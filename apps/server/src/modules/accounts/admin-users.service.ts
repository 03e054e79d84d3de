import type { AdminRole, AdminUserRow } from '@crossmart/contract';
import { and, asc, desc, eq, gte, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { mailOutbox, sessions, users } from '../../db/schema/accounts.ts';
import { AppError } from '../../errors.ts';
import { isRowIdText } from '../../shared/row-id-text.ts';
import { revokeAllSessions, sessionsChanged } from './sessions.service.ts';

/**
 * The admin console's view of accounts (issue 14): search, detail, freeze / unfreeze, clearing
 * lockouts, the mail outbox. Actions return the fields they changed, before and after, for the
 * audit row the admin module writes in the same transaction.
 */

interface Paging {
  page: number;
  limit: number;
}

type UserRow = typeof users.$inferSelect;

const displayName = (row: Pick<UserRow, 'familyName' | 'givenName' | 'account'>) =>
  [row.familyName, row.givenName].filter(Boolean).join(' ') || row.account;

function toRow(row: UserRow): AdminUserRow {
  return {
    id: row.id,
    account: row.account,
    name: displayName(row),
    email: row.email,
    mobile: row.mobile,
    role: row.role,
    admin_role: row.adminRole,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Users matching `q` exactly by id, account (any case), email or mobile, or by the start of the
 * account name; the unique indexes on account, email and mobile serve the exact matches.
 */
export async function listUsersForAdmin(
  db: Database,
  query: Paging & {
    q?: string | undefined;
    role?: string | undefined;
    status?: string | undefined;
    sort: 'id' | 'created_at' | 'account';
    order: 'asc' | 'desc';
  },
): Promise<{ list: AdminUserRow[]; page: number; limit: number; has_more: boolean }> {
  const conditions: SQL[] = [];
  if (query.q) {
    const q = query.q;
    const prefix = `${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    conditions.push(
      or(
        isRowIdText(q) ? eq(users.id, Number(q)) : undefined,
        sql`lower(${users.account}) = lower(${q})`,
        ilike(users.account, prefix),
        eq(users.email, q.toLowerCase()),
        eq(users.mobile, q),
      ) as SQL,
    );
  }
  if (query.role) conditions.push(eq(users.role, query.role));
  if (query.status) conditions.push(eq(users.status, query.status));
  const column = { id: users.id, created_at: users.createdAt, account: users.account }[query.sort];
  const by = query.order === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(users)
    .where(and(...conditions))
    .orderBy(by(column), by(users.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return {
    list: rows.slice(0, query.limit).map(toRow),
    page: query.page,
    limit: query.limit,
    has_more: rows.length > query.limit,
  };
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** One account with its lockout counters and its 20 newest sessions. */
export async function getUserForAdmin(db: Database, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new AppError('NOT_FOUND');
  const sessionRows = await db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.id))
    .limit(20);
  return {
    user: {
      ...toRow(row),
      language: row.language,
      login_locked_until: iso(row.loginLockedUntil),
      login_failures: row.loginFailures,
      pay_locked_until: iso(row.payLockedUntil),
      pay_failures: row.payFailures,
    },
    sessions: sessionRows.map((session) => ({
      id: session.id,
      created_at: session.createdAt.toISOString(),
      last_used_at: session.lastUsedAt.toISOString(),
      expires_at: session.expiresAt.toISOString(),
      revoked_at: iso(session.revokedAt),
      ip: session.ip,
      user_agent: session.userAgent,
    })),
  };
}

/** The signed-in admin's name and role (the console's header). */
export async function getAdminProfile(
  db: Database,
  userId: number,
): Promise<{ account: string; name: string; adminRole: AdminRole | null }> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new AppError('NOT_FOUND');
  return {
    account: row.account,
    name: displayName(row),
    adminRole: row.adminRole === 'super' || row.adminRole === 'support' ? row.adminRole : null,
  };
}

export interface FieldChange {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/**
 * Freezes (status `disabled`: every session ends, login answers ACCOUNT_DISABLED) or unfreezes
 * an account. Admins are not frozen from the console: that is an operator's job.
 */
export async function setUserFrozen(tx: Database, userId: number, frozen: boolean): Promise<FieldChange> {
  const [row] = await tx
    .select({ status: users.status, role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  if (!row) throw new AppError('NOT_FOUND');
  if (row.role === 'admin') throw new AppError('FORBIDDEN');
  const status = frozen ? 'disabled' : 'active';
  if (row.status === status) throw new AppError('ALREADY_PROCESSED');
  await tx.update(users).set({ status, updatedAt: sql`now()` }).where(eq(users.id, userId));
  sessionsChanged(userId);
  const ended = frozen ? await revokeAllSessions(tx, userId) : 0;
  return { before: { status: row.status }, after: { status, ...(frozen ? { sessions_ended: ended } : {}) } };
}

/** Clears the login or the payment-code lockout and its failure counter. */
export async function clearUserLockout(tx: Database, userId: number, kind: 'login' | 'pay'): Promise<FieldChange> {
  const [row] = await tx
    .select({
      loginFailures: users.loginFailures,
      loginLockedUntil: users.loginLockedUntil,
      payFailures: users.payFailures,
      payLockedUntil: users.payLockedUntil,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  if (!row) throw new AppError('NOT_FOUND');
  if (kind === 'login') {
    await tx.update(users).set({ loginFailures: 0, loginLockedUntil: null }).where(eq(users.id, userId));
    return {
      before: { login_failures: row.loginFailures, login_locked_until: iso(row.loginLockedUntil) },
      after: { login_failures: 0, login_locked_until: null },
    };
  }
  await tx.update(users).set({ payFailures: 0, payLockedUntil: null }).where(eq(users.id, userId));
  return {
    before: { pay_failures: row.payFailures, pay_locked_until: iso(row.payLockedUntil) },
    after: { pay_failures: 0, pay_locked_until: null },
  };
}

/** Accounts created since the start of a platform day (`YYYY-MM-DD` in `timeZone`; dashboard). */
export async function countUsersSince(db: Database, sinceDay: string, timeZone: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(gte(users.createdAt, sql`(${sinceDay}::date)::timestamp at time zone ${timeZone}`));
  return row?.n ?? 0;
}

/** A page of the mail outbox, newest first (the admin console's viewer). */
export async function listOutboxPage(
  db: Database,
  query: Paging & { to?: string | undefined; status?: string | undefined },
) {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(
      and(
        query.to ? eq(mailOutbox.toAddress, query.to.toLowerCase()) : undefined,
        query.status ? eq(mailOutbox.status, query.status) : undefined,
      ),
    )
    .orderBy(desc(mailOutbox.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return {
    list: rows.slice(0, query.limit).map((row) => ({
      id: row.id,
      kind: row.kind,
      to_address: row.toAddress,
      subject: row.subject,
      body_text: row.bodyText,
      status: row.status,
      attempts: row.attempts,
      created_at: row.createdAt.toISOString(),
      sent_at: iso(row.sentAt),
    })),
    page: query.page,
    limit: query.limit,
    has_more: rows.length > query.limit,
  };
}
