import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { idempotencyKeys, mailOutbox, passwordResetCodes, searchTermDays, sessions } from '../db/schema/index.ts';
import { purgeEndedSessions, purgeResetCodes, purgeSentMail } from '../modules/accounts/index.ts';
import { purgeIdempotencyKeys } from '../plugins/idempotency.ts';
import { insertTestUser, registerBuyer } from '../test/fixtures.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { runHousekeeping, startHousekeeping } from './housekeeping.ts';

let ctx: TestContext;
let db: Database;
beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
});
afterAll(() => ctx.close());

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);
const later = (now: Date, ms: number) => new Date(now.getTime() + ms);
const hex = () => randomBytes(16).toString('hex');

async function insertKeys(userId: number, createdAt: Date[]): Promise<number[]> {
  if (createdAt.length === 0) return [];
  const rows = await db
    .insert(idempotencyKeys)
    .values(
      createdAt.map((at) => ({ userId, key: `k-${hex()}`, requestHash: hex(), response: { ok: 1 }, createdAt: at })),
    )
    .returning({ id: idempotencyKeys.id });
  return rows.map((row) => row.id);
}

async function remaining<T extends { id: number }>(rows: Promise<T[]>): Promise<number[]> {
  return (await rows).map((row) => row.id).sort((a, b) => a - b);
}
const keysLeft = (ids: number[]) =>
  remaining(db.select({ id: idempotencyKeys.id }).from(idempotencyKeys).where(inArray(idempotencyKeys.id, ids)));
const sessionsLeft = (ids: number[]) =>
  remaining(db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, ids)));
const codesLeft = (ids: number[]) =>
  remaining(
    db.select({ id: passwordResetCodes.id }).from(passwordResetCodes).where(inArray(passwordResetCodes.id, ids)),
  );
const mailLeft = (ids: number[]) =>
  remaining(db.select({ id: mailOutbox.id }).from(mailOutbox).where(inArray(mailOutbox.id, ids)));

describe('idempotency keys', () => {
  it('deletes keys older than 24 hours and keeps younger ones', async () => {
    const now = new Date();
    const user = await insertTestUser(db);
    const [old, older] = await insertKeys(user.id, [ago(now, day + minute), ago(now, 10 * day)]);
    const kept = await insertKeys(user.id, [ago(now, day - minute), ago(now, 5 * minute), now]);
    expect(await purgeIdempotencyKeys(db, now)).toBe(2);
    expect(await keysLeft([old ?? 0, older ?? 0, ...kept])).toEqual(kept);
    expect(await purgeIdempotencyKeys(db, now)).toBe(0);
  });

  it('deletes in batches until a batch comes back short, an exact multiple included', async () => {
    const now = new Date();
    const user = await insertTestUser(db);
    const old = await insertKeys(
      user.id,
      Array.from({ length: 25 }, (_, i) => ago(now, 2 * day + i * minute)),
    );
    const young = await insertKeys(user.id, [ago(now, hour)]);
    // One statement deletes at most 10: 25 means three batches (10, 10, 5).
    expect(await purgeIdempotencyKeys(db, now, 10)).toBe(25);
    expect(await keysLeft([...old, ...young])).toEqual(young);

    const exact = await insertKeys(
      user.id,
      Array.from({ length: 20 }, () => ago(now, 3 * day)),
    );
    // 10, 10, then an empty batch ends it.
    expect(await purgeIdempotencyKeys(db, now, 10)).toBe(20);
    expect(await keysLeft([...exact, ...young])).toEqual(young);
  });

  it('refuses a batch size that is not a positive integer', async () => {
    await expect(purgeIdempotencyKeys(db, new Date(), 0)).rejects.toThrow(/batch size/);
  });
});

describe('sessions', () => {
  async function insertSession(userId: number, values: { expiresAt: Date; revokedAt?: Date; createdAt?: Date }) {
    const [row] = await db
      .insert(sessions)
      .values({ userId, tokenHash: hex() + hex(), ...values })
      .returning({ id: sessions.id });
    return row?.id ?? 0;
  }

  it('deletes sessions expired or revoked more than an hour ago and keeps every one that can still log in', async () => {
    const now = new Date();
    const user = await insertTestUser(db);
    const expiredLongAgo = await insertSession(user.id, { expiresAt: ago(now, 2 * day) });
    const expiredJustOverAnHour = await insertSession(user.id, { expiresAt: ago(now, hour + minute) });
    const revokedLongAgo = await insertSession(user.id, {
      expiresAt: later(now, 2 * day),
      revokedAt: ago(now, 2 * hour),
    });
    const expiredRecently = await insertSession(user.id, { expiresAt: ago(now, 30 * minute) });
    const revokedRecently = await insertSession(user.id, {
      expiresAt: later(now, day),
      revokedAt: ago(now, 10 * minute),
    });
    const live = await insertSession(user.id, { expiresAt: later(now, 3 * day) });
    // Age alone never ends a session: one made a month ago and used since is live.
    const oldButRenewed = await insertSession(user.id, { expiresAt: later(now, hour), createdAt: ago(now, 30 * day) });

    expect(await purgeEndedSessions(db, now)).toBe(3);
    expect(await sessionsLeft([expiredLongAgo, expiredJustOverAnHour, revokedLongAgo])).toEqual([]);
    expect(await sessionsLeft([expiredRecently, revokedRecently, live, oldButRenewed])).toEqual(
      [expiredRecently, revokedRecently, live, oldButRenewed].sort((a, b) => a - b),
    );
  });

  it('leaves a real login working after a purge, and deletes its session an hour after logout', async () => {
    const buyer = await registerBuyer(ctx.app);
    const getInfo = () =>
      ctx.app.inject({ url: '/api/user/getUserInfo', headers: { token: buyer.token } }).then((res) => res.json());
    const now = new Date();
    await purgeEndedSessions(db, now);
    expect((await getInfo()).code).toBe(1);

    const logout = await ctx.app.inject({ method: 'POST', url: '/api/user/logout', headers: { token: buyer.token } });
    expect(logout.json().code).toBe(1);
    const owned = () => db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, buyer.id));
    expect(await owned()).toHaveLength(1);
    await purgeEndedSessions(db, later(now, 30 * minute));
    expect(await owned()).toHaveLength(1);
    await purgeEndedSessions(db, later(now, 2 * hour));
    expect(await owned()).toHaveLength(0);
    expect((await getInfo()).code).toBe(401);
  });

  it('deletes in batches', async () => {
    const now = new Date();
    const user = await insertTestUser(db);
    await db
      .insert(sessions)
      .values(
        Array.from({ length: 7 }, () => ({ userId: user.id, tokenHash: hex() + hex(), expiresAt: ago(now, day) })),
      );
    expect(await purgeEndedSessions(db, now, 3)).toBe(7);
  });
});

describe('reset codes', () => {
  async function insertCode(
    userId: number,
    values: { expiresAt: Date; usedAt?: Date; createdAt?: Date },
  ): Promise<number> {
    const [row] = await db
      .insert(passwordResetCodes)
      .values({ userId, codeHash: 'not-a-hash', ...values })
      .returning({ id: passwordResetCodes.id });
    return row?.id ?? 0;
  }

  it('deletes codes expired or used more than a day ago and keeps live and recent ones', async () => {
    const now = new Date();
    const user = await insertTestUser(db);
    const expiredOld = await insertCode(user.id, {
      expiresAt: ago(now, day + minute),
      createdAt: ago(now, day + 11 * minute),
    });
    const usedOld = await insertCode(user.id, {
      createdAt: ago(now, 3 * day),
      expiresAt: ago(now, 3 * day - 10 * minute),
      usedAt: ago(now, 3 * day - 5 * minute),
    });
    const expiredToday = await insertCode(user.id, {
      expiresAt: ago(now, hour),
      createdAt: ago(now, hour + 10 * minute),
    });
    const usedToday = await insertCode(user.id, {
      expiresAt: ago(now, 2 * hour),
      createdAt: ago(now, 2 * hour + 10 * minute),
      usedAt: ago(now, 2 * hour + 5 * minute),
    });
    const live = await insertCode(user.id, { expiresAt: later(now, 10 * minute) });
    // A live code is kept whatever its age (were the code lifetime ever made longer than a day).
    const liveButOld = await insertCode(user.id, { createdAt: ago(now, 3 * day), expiresAt: later(now, minute) });

    expect(await purgeResetCodes(db, now)).toBe(2);
    expect(await codesLeft([expiredOld, usedOld])).toEqual([]);
    expect(await codesLeft([expiredToday, usedToday, live, liveButOld])).toEqual(
      [expiredToday, usedToday, live, liveButOld].sort((a, b) => a - b),
    );
    expect(await purgeResetCodes(db, now)).toBe(0);
  });

  it('deletes in batches', async () => {
    const now = new Date();
    const user = await insertTestUser(db);
    await db
      .insert(passwordResetCodes)
      .values(Array.from({ length: 5 }, () => ({ userId: user.id, codeHash: 'x', expiresAt: ago(now, 2 * day) })));
    expect(await purgeResetCodes(db, now, 2)).toBe(5);
  });
});

describe('mail outbox', () => {
  async function insertMail(values: { status: 'pending' | 'sent' | 'failed'; createdAt: Date; sentAt?: Date }) {
    const [row] = await db
      .insert(mailOutbox)
      .values({ kind: 'test', toAddress: 'someone@example.com', subject: 's', bodyText: 'b', ...values })
      .returning({ id: mailOutbox.id });
    return row?.id ?? 0;
  }

  it('deletes mail sent more than 30 days ago and never deletes unsent mail', async () => {
    const now = new Date();
    const sentOld = await insertMail({ status: 'sent', createdAt: ago(now, 40 * day), sentAt: ago(now, 31 * day) });
    const sentRecently = await insertMail({
      status: 'sent',
      createdAt: ago(now, 40 * day),
      sentAt: ago(now, 29 * day),
    });
    const pendingOld = await insertMail({ status: 'pending', createdAt: ago(now, 90 * day) });
    const failedOld = await insertMail({ status: 'failed', createdAt: ago(now, 90 * day) });

    expect(await purgeSentMail(db, now)).toBe(1);
    expect(await mailLeft([sentOld, sentRecently, pendingOld, failedOld])).toEqual(
      [sentRecently, pendingOld, failedOld].sort((a, b) => a - b),
    );
    // Far in the future the unsent rows are still there.
    await purgeSentMail(db, later(now, 365 * day));
    expect(await mailLeft([sentRecently, pendingOld, failedOld])).toEqual(
      [pendingOld, failedOld].sort((a, b) => a - b),
    );
  });

  it('deletes in batches', async () => {
    const now = new Date();
    await db.insert(mailOutbox).values(
      Array.from({ length: 5 }, () => ({
        kind: 'test',
        toAddress: 'batch@example.com',
        subject: 's',
        bodyText: 'b',
        status: 'sent',
        createdAt: ago(now, 60 * day),
        sentAt: ago(now, 60 * day),
      })),
    );
    expect(await purgeSentMail(db, now, 2)).toBe(5);
  });
});

describe('housekeeping run', () => {
  it('runs every purge once and reports the count of each', async () => {
    const now = new Date();
    const user = await insertTestUser(db);
    await insertKeys(user.id, [ago(now, 2 * day), ago(now, 3 * day)]);
    await db.insert(sessions).values({ userId: user.id, tokenHash: hex() + hex(), expiresAt: ago(now, day) });
    await db.insert(passwordResetCodes).values({ userId: user.id, codeHash: 'x', expiresAt: ago(now, 2 * day) });
    await db.insert(mailOutbox).values({
      kind: 'test',
      toAddress: 'run@example.com',
      subject: 's',
      bodyText: 'b',
      status: 'sent',
      sentAt: ago(now, 31 * day),
    });
    const oldDay = ago(now, 91 * day)
      .toISOString()
      .slice(0, 10);
    await db.insert(searchTermDays).values({ lang: 'en', day: oldDay, term: `old-${hex()}`, searches: 4 });
    expect(await runHousekeeping(db, now, { batchSize: 1 })).toEqual({
      idempotencyKeys: 2,
      sessions: 1,
      resetCodes: 1,
      sentMail: 1,
      throttles: 0,
      orphanUploads: 0,
      searchDays: 1,
      failed: [],
    });
    expect(await runHousekeeping(db, now)).toEqual({
      idempotencyKeys: 0,
      sessions: 0,
      resetCodes: 0,
      sentMail: 0,
      throttles: 0,
      orphanUploads: 0,
      searchDays: 0,
      failed: [],
    });
  });
});

describe('scheduler', () => {
  it('runs the purges on its interval with its clock, logs the counts, and stops', async () => {
    const lines: string[] = [];
    const logger = Fastify({ logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } });
    const user = await insertTestUser(db);
    // Young by the real clock, two days old by the scheduler's.
    const [young] = await insertKeys(user.id, [new Date()]);
    const clock = () => later(new Date(), 2 * day);
    const housekeeping = startHousekeeping({
      db,
      intervalMs: 20,
      log: logger.log,
      clock,
      uploadStorage: ctx.uploadStorage,
      uploadDir: ctx.config.UPLOAD_DIR,
    });
    const deadline = Date.now() + 10_000;
    while ((await keysLeft([young ?? 0])).length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await housekeeping.stop();
    expect(await keysLeft([young ?? 0])).toEqual([]);
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; level: number; deleted?: unknown });
    const report = logged.find((entry) => entry.msg === 'housekeeping');
    expect(report?.level).toBe(30);
    expect(report?.deleted).toMatchObject({ idempotencyKeys: expect.any(Number) });

    // Stopped: a key just as old stays.
    const [afterStop] = await insertKeys(user.id, [new Date()]);
    const count = lines.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await keysLeft([afterStop ?? 0])).toEqual([afterStop]);
    expect(lines).toHaveLength(count);
    await logger.close();
  });

  it('logs a failing purge at error and still tries the others', async () => {
    const broken = await openDatabase({ memory: true });
    await broken.close();
    const lines: string[] = [];
    const logger = Fastify({ logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } });
    const housekeeping = startHousekeeping({
      db: broken.db,
      intervalMs: 20,
      log: logger.log,
      uploadStorage: ctx.uploadStorage,
      uploadDir: ctx.config.UPLOAD_DIR,
    });
    const deadline = Date.now() + 10_000;
    while (lines.length < 7 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    await housekeeping.stop();
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; level: number; purge?: string });
    const failures = logged.filter((entry) => entry.msg === 'housekeeping purge failed');
    expect(failures.every((entry) => entry.level === 50)).toBe(true);
    expect(new Set(failures.map((entry) => entry.purge))).toEqual(
      new Set(['idempotencyKeys', 'sessions', 'resetCodes', 'sentMail', 'throttles', 'orphanUploads', 'searchDays']),
    );
    expect(logged.some((entry) => entry.msg === 'housekeeping')).toBe(false);
    await logger.close();
  });
});

describe('app wiring', () => {
  it('runs housekeeping every HOUSEKEEPING_INTERVAL_MS and stops when the app closes', async () => {
    const wired = await createTestApp({ env: { HOUSEKEEPING_INTERVAL_MS: '20' } });
    try {
      const wiredDb = wired.database.db;
      const user = await insertTestUser(wiredDb);
      const [row] = await wiredDb
        .insert(idempotencyKeys)
        .values({ userId: user.id, key: `k-${hex()}`, requestHash: hex(), createdAt: ago(new Date(), 2 * day) })
        .returning({ id: idempotencyKeys.id });
      const left = () =>
        wiredDb
          .select()
          .from(idempotencyKeys)
          .where(eq(idempotencyKeys.id, row?.id ?? 0));
      const deadline = Date.now() + 10_000;
      while ((await left()).length > 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 25));
      expect(await left()).toEqual([]);
    } finally {
      // close() waits for a run in progress (onClose hook) before the database goes away.
      await wired.close();
    }
  });
});
