import {
  type AdminRole,
  accountLimits,
  adminRoleSchema,
  type LanguageFile,
  languageFileSchema,
  type SessionInfo,
  type UserRole,
  userRoleSchema,
} from '@crossmart/contract';
import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { deleteInBatches, purgeBatchSize } from '../../db/batch-delete.ts';
import type { Database } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { sessions, users } from '../../db/schema/accounts.ts';
import { invalidate } from '../../shared/invalidation.ts';
import { createReadCache, type ReadCache } from '../../shared/read-cache.ts';
import { newSessionToken, tokenDigest } from './passwords.ts';
import { sourceKeyOf } from './source-key.ts';

/** The logged-in user a valid token stands for. */
export interface SessionUser {
  id: number;
  role: UserRole;
  /** Admins only; an admin row without one counts as `support`, the lesser role. */
  adminRole: AdminRole | null;
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

/**
 * How long a resolved session is answered from memory without the database: every authenticated
 * request would otherwise read it (ADR 0013, addendum 2). A revocation, a frozen account, a role
 * or language change empties the user's entries at once on every instance (`sessionsChanged`);
 * the TTL bounds only what the app did not write (SQL by hand).
 */
export const sessionCacheMs = 2000;
const sessionCaches = new WeakMap<Database, ReadCache<{ user: SessionUser; absoluteEnd: number }>>();
function sessionCacheOf(db: Database) {
  let cache = sessionCaches.get(db);
  if (!cache) {
    cache = createReadCache('session', sessionCacheMs);
    sessionCaches.set(db, cache);
  }
  return cache;
}

/**
 * Call after (and as) any write that changes what `findSessionUser` answers for the user: a
 * session revoked, the account disabled, its role, admin role or language changed.
 */
export function sessionsChanged(userId: number): void {
  invalidate('session', userId);
}

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

/** The absolute lifetime when the caller does not give one (config SESSION_MAX_DAYS). */
export const defaultSessionMaxDays = 30;

/**
 * The user behind a token, or undefined when the token is unknown, expired or revoked, older than
 * `maxDays` since login, or the account is disabled. Each use pushes the expiry 3 days ahead
 * (docs/product-rules.md, API conventions), never past the absolute end: a stolen token does not live forever by being used.
 */
export async function findSessionUser(
  db: Database,
  token: string,
  maxDays: number = defaultSessionMaxDays,
): Promise<SessionUser | undefined> {
  if (!tokenPattern.test(token)) return undefined;
  const digest = tokenDigest(token);
  const cache = sessionCacheOf(db);
  const cached = cache.get(digest);
  // The absolute end is checked here too: an entry never outlives it.
  if (cached && cached.absoluteEnd > Date.now()) return cached.user;
  const readAt = cache.generation();
  const absoluteEnd = sql`${sessions.createdAt} + ${sql.raw(`interval '${Math.trunc(maxDays)} days'`)}`;
  // Every authenticated request runs it: a named prepared statement (parsed and planned once per connection).
  const name = `accounts_session_user_${Math.trunc(maxDays)}`;
  const statement = prepared(db, name, () =>
    db
      .select({
        sessionId: sessions.id,
        expiresAt: sessions.expiresAt,
        createdAt: sessions.createdAt,
        userId: users.id,
        role: users.role,
        adminRole: users.adminRole,
        status: users.status,
        language: users.language,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
          gt(absoluteEnd, sql`now()`),
        ),
      )
      .limit(1)
      .prepare(name),
  );
  const [row] = await statement.execute({ tokenHash: digest });
  if (row?.status !== 'active') return undefined;
  const renew = row.expiresAt.getTime() - Date.now() < sessionMs - renewAfterMs;
  if (renew) {
    await db
      .update(sessions)
      .set({ expiresAt: sql`least(now() + ${sessionInterval}, ${absoluteEnd})`, lastUsedAt: sql`now()` })
      .where(
        and(
          eq(sessions.id, row.sessionId),
          isNull(sessions.revokedAt),
          lt(sessions.expiresAt, sql`now() + ${sessionInterval}`),
        ),
      );
  }
  const user: SessionUser = {
    id: row.userId,
    role: userRoleSchema.parse(row.role),
    adminRole: row.role === 'admin' ? adminRoleSchema.catch('support').parse(row.adminRole) : null,
    language: languageFileSchema.catch('jp').parse(row.language),
    sessionId: row.sessionId,
  };
  // Kept only while no renewal is due (a renewal is a write this read must make) and, by a
  // margin of the cache's lifetime, before the session's absolute end.
  const absoluteEndMs = row.createdAt.getTime() + Math.trunc(maxDays) * 24 * 60 * 60 * 1000;
  if (!renew && absoluteEndMs - Date.now() > sessionCacheMs) {
    cache.set(digest, String(user.id), { user, absoluteEnd: absoluteEndMs - sessionCacheMs }, readAt);
  }
  return user;
}

export async function revokeSession(db: Database, sessionId: number): Promise<void> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId });
  for (const row of revoked) sessionsChanged(row.userId);
}

/**
 * Whether the user ever had a session from `source` (an IP, or an IPv6 /64): such an address is the
 * owner's, and keeps its own login allowance while the account is locked for everyone else.
 */
export async function isKnownSource(db: Database, userId: number, source: string): Promise<boolean> {
  const rows = await db
    .select({ ip: sessions.ip })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.id))
    .limit(50);
  return rows.some((row) => row.ip !== null && sourceKeyOf(row.ip) === source);
}

/** The user's open sessions, newest use first; `current` marks the one of this request. */
export async function listSessions(db: Database, userId: number, currentSessionId: number): Promise<SessionInfo[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.id))
    .limit(100);
  return rows.map((row) => ({
    id: row.id,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    ip: row.ip,
    user_agent: row.userAgent,
    current: row.id === currentSessionId,
  }));
}

/** Ends one of the user's own sessions; false when there is none of that id (another user's included). */
export async function revokeOwnSession(db: Database, userId: number, sessionId: number): Promise<boolean> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  sessionsChanged(userId);
  return revoked.length > 0;
}

/** "Log out elsewhere": ends every session of the user but `keepSessionId`; returns how many. */
export async function revokeOtherSessions(db: Database, userId: number, keepSessionId: number): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  sessionsChanged(userId);
  return revoked.length;
}

/** Ends every session of a user at once (password change or reset, account disabled). */
export async function revokeAllSessions(db: Database, userId: number): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  sessionsChanged(userId);
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
