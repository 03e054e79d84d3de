/**
 * The callers parts C and D try every route as: each a real account with its own session, plus
 * the tokens that must open nothing (a frozen account, an expired and a revoked session).
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { sessionsChanged } from '../../modules/accounts/index.ts';
import { newBuyer, newShop } from '../commerce-fixtures.ts';
import { registerBuyer } from '../fixtures.ts';

export const roles = [
  'visitor',
  'buyerA',
  'buyerB',
  'merchantA',
  'merchantB',
  'support',
  'super',
  'frozen',
  'expired',
  'revoked',
] as const;
export type Role = (typeof roles)[number];

/** Roles whose token opens a session; the others are refused wherever a login is needed. */
export const liveRoles = ['buyerA', 'buyerB', 'merchantA', 'merchantB', 'support', 'super'] as const;
export type LiveRole = (typeof liveRoles)[number];

export interface Cast {
  /** The user id behind each live role. */
  ids: Record<LiveRole, number>;
  /** Shop ids of the two merchants. */
  shops: { merchantA: number; merchantB: number };
  /**
   * The token the role sends: the role's current session, or with `once` a session of its own for
   * a call that may end it (a POST may log out or revoke), so that it does not end the next call.
   */
  token(role: Role, once?: boolean): Promise<string | undefined>;
  /** Drops the current sessions (after calls that may have ended them: a logout, a freeze). */
  forget(): void;
  /** Every user id of the cast, frozen and dead-token accounts included. */
  allIds: number[];
}

export async function createCast(app: App, db: Database, balance = 1_000_000): Promise<Cast> {
  const buyerA = await newBuyer(app, db, balance);
  const buyerB = await newBuyer(app, db, balance);
  const merchantA = await newBuyer(app, db, balance);
  const merchantB = await newBuyer(app, db, balance);
  const support = await registerBuyer(app);
  const superAdmin = await registerBuyer(app);
  await db.update(users).set({ role: 'merchant' }).where(eq(users.id, merchantA.id));
  await db.update(users).set({ role: 'merchant' }).where(eq(users.id, merchantB.id));
  await db.update(users).set({ role: 'admin', adminRole: 'support' }).where(eq(users.id, support.id));
  await db.update(users).set({ role: 'admin', adminRole: 'super' }).where(eq(users.id, superAdmin.id));
  // Written by hand: the session cache is told, as the app's own writes do (ADR 0013, addendum 2).
  for (const id of [merchantA.id, merchantB.id, support.id, superAdmin.id]) sessionsChanged(id);
  const shopA = await newShop(db, merchantA.id);
  const shopB = await newShop(db, merchantB.id);

  const frozen = await registerBuyer(app);
  await db.update(users).set({ status: 'disabled' }).where(eq(users.id, frozen.id));
  sessionsChanged(frozen.id);
  const expired = await registerBuyer(app);
  await db.update(sessions).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(sessions.userId, expired.id));
  sessionsChanged(expired.id);
  const revoked = await registerBuyer(app);
  const logout = await app.inject({ method: 'POST', url: '/api/user/logout', headers: { token: revoked.token } });
  if (logout.json().code !== 1) throw new Error(`logout failed: ${logout.body}`);

  const ids: Record<LiveRole, number> = {
    buyerA: buyerA.id,
    buyerB: buyerB.id,
    merchantA: merchantA.id,
    merchantB: merchantB.id,
    support: support.id,
    super: superAdmin.id,
  };
  const accounts = Object.fromEntries(
    await Promise.all(
      Object.entries(ids).map(async ([role, id]) => {
        const [row] = await db.select({ account: users.account }).from(users).where(eq(users.id, id));
        return [role, row?.account ?? ''];
      }),
    ),
  ) as Record<LiveRole, string>;
  const sessionsOf = new Map<LiveRole, string>();
  const dead: Record<Exclude<Role, LiveRole>, string | undefined> = {
    visitor: undefined,
    frozen: frozen.token,
    expired: expired.token,
    revoked: revoked.token,
  };
  return {
    ids,
    shops: { merchantA: shopA.id, merchantB: shopB.id },
    allIds: [...Object.values(ids), frozen.id, expired.id, revoked.id],
    token: async (role, once = false) => {
      if (role in dead) return dead[role as keyof typeof dead];
      const live = role as LiveRole;
      if (once) return login(app, accounts[live]);
      const token = sessionsOf.get(live) ?? (await login(app, accounts[live]));
      sessionsOf.set(live, token);
      return token;
    },
    forget: () => sessionsOf.clear(),
  };
}

/** A new session of the account (every cast member's password is the fixtures' one). */
async function login(app: App, account: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { account, password: 'secret123' },
  });
  const body = res.json() as { code: number; data?: { userinfo?: { token?: string } } };
  const token = body.data?.userinfo?.token;
  if (body.code !== 1 || !token) throw new Error(`login of ${account} failed: ${res.body}`);
  return token;
}

/** Puts the cast back as it was after a fuzzed admin call froze one of them or changed a role. */
export async function restoreCast(db: Database, cast: Cast): Promise<void> {
  const live = Object.values(cast.ids);
  await db.update(users).set({ status: 'active' }).where(sql`${users.id} in ${live}`);
  for (const id of live) sessionsChanged(id);
}

/**
 * The app without the built web app: its static files (one route each, hundreds once built) are
 * files, not API routes, and would fill the matrix and the fuzzer with rows that say nothing.
 * Part G checks their headers on a stand-in build.
 */
export const apiOnlyEnv = { WEB_DIST_DIR: path.join(tmpdir(), 'crossmart-reliability-no-web-build') };
