import {
  accountLimits,
  type LanguageFile,
  languageFileSchema,
  type UserRole,
  userRoleSchema,
} from '@crossmart/contract';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { deleteInBatches, purgeBatchSize } from '../../db/batch-delete.ts';
import type { Database } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/accounts.ts';
import { newSessionToken, tokenDigest } from './passwords.ts';

/** The logged-in user a valid token stands for. */
export interface SessionUser {
  id: number;
  role: UserRole;
  language: LanguageFile;
  sessionId: number;
}

export interface NewSession {
  token: string;
  expiresAt: Date;
}

export interface SessionContext {
  ip?: string | undefined;
  userAgent?: string | undefined;
}

const sessionInterval = sql.raw(`interval '${accountLimits.sessionDays} days'`);
const sessionMs = accountLimits.sessionDays * 24 * 60 * 60 * 1000;
/** A session is renewed at most once a minute, so that busy clients do not write on every call. */
const renewAfterMs = 60 * 1000;

/** Tokens are base64url; anything else is refused before touching the database. */
const tokenPattern = /^[A-Za-z0-9_-]{32,128}$/;

export async function createSession(db: Database, userId: number, context: SessionContext = {}): Promise<NewSession> {
  const token = newSessionToken();
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      tokenHash: tokenDigest(token),
      expiresAt: sql`now() + ${sessionInterval}`,
      ip: context.ip?.slice(0, 64) ?? null,
      userAgent: context.userAgent?.slice(0, 300) ?? null,
    })
    .returning({ expiresAt: sessions.expiresAt });
  if (!row) throw new Error('session insert returned no row');
  return { token, expiresAt: row.expiresAt };
}

/**
 * The user behind a token, or undefined when the token is unknown, expired or revoked, or the
 * account is disabled. Each use pushes the expiry 3 days ahead (docs/product-rules.md, API conventions).
 */
export async function findSessionUser(db: Database, token: string): Promise<SessionUser | undefined> {
  if (!tokenPattern.test(token)) return undefined;
  const [row] = await db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      role: users.role,
      status: users.status,
      language: users.language,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.tokenHash, tokenDigest(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)),
    )
    .limit(1);
  if (row?.status !== 'active') return undefined;
  if (row.expiresAt.getTime() - Date.now() < sessionMs - renewAfterMs) {
    await db
      .update(sessions)
      .set({ expiresAt: sql`now() + ${sessionInterval}`, lastUsedAt: sql`now()` })
      .where(
        and(
          eq(sessions.id, row.sessionId),
          isNull(sessions.revokedAt),
          lt(sessions.expiresAt, sql`now() + ${sessionInterval}`),
        ),
      );
  }
  return {
    id: row.userId,
    role: userRoleSchema.parse(row.role),
    language: languageFileSchema.catch('jp').parse(row.language),
    sessionId: row.sessionId,
  };
}

export async function revokeSession(db: Database, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user at once (password change or reset, account disabled). */
export async function revokeAllSessions(db: Database, userId: number): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length;
}

/**
 * How long a session row outlives its end (expiry or revocation) before housekeeping deletes it.
 * An ended session never authenticates again (`findSessionUser` wants it unrevoked and unexpired,
 * and nothing clears `revoked_at`), but the purge reads the server clock while the check reads the
 * database's, and a request that passed the check just before expiry renews it a statement later:
 * an hour is far beyond both.
 */
export const endedSessionRetentionMs = 60 * 60 * 1000;

/** Deletes sessions that expired or were revoked more than an hour before `now`; returns how many. */
export function purgeEndedSessions(db: Database, now: Date, batchSize: number = purgeBatchSize): Promise<number> {
  const cutoff = new Date(now.getTime() - endedSessionRetentionMs);
  return deleteInBatches(
    db,
    sessions,
    sessions.id,
    or(lt(sessions.expiresAt, cutoff), lt(sessions.revokedAt, cutoff)),
    batchSize,
  );
}
