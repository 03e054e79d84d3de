import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/index.ts';
import { accountsTestApp } from './account-test-kit.ts';
import { createMailTransport, deliverPendingMail, listOutbox, type OutgoingMail } from './index.ts';

const { post, db, register, ctx } = accountsTestApp();

describe('mail outbox and transport', () => {
  it('keeps mail in the outbox without SMTP, and a transport sends and marks it', async () => {
    expect(createMailTransport(ctx().config)).toBeUndefined();
    expect(createMailTransport({ ...ctx().config, SMTP_HOST: 'smtp.example.invalid' })).toBeDefined();
    const { input } = await register();
    await post('/api/user/forgot_code', { account: input.account });
    const sent: OutgoingMail[] = [];
    const result = await deliverPendingMail(db(), {
      send: async (mail) => {
        sent.push(mail);
      },
    });
    expect(result.sent).toBeGreaterThanOrEqual(1);
    expect(sent.some((mail) => mail.to === input.email && /\b\d{6}\b/.test(mail.text))).toBe(true);
    const [row] = await listOutbox(db(), { to: input.email });
    expect(row?.status).toBe('sent');
  });

  it('marks a mail failed after 3 failed sends', async () => {
    const { input } = await register();
    await post('/api/user/forgot_code', { account: input.account });
    const broken = {
      send: async () => {
        throw new Error('connection refused');
      },
    };
    for (let i = 0; i < 3; i += 1) await deliverPendingMail(db(), broken);
    const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, input.email));
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'connection refused' });
  });
});

describe('mail delivery holds no transaction while it sends', () => {
  /** A transport whose sends wait until `release` is called; `started` resolves at the first send. */
  function heldTransport() {
    const sent: OutgoingMail[] = [];
    let release: () => void = () => {};
    let started: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const firstSend = new Promise<void>((resolve) => {
      started = resolve;
    });
    return {
      sent,
      release,
      firstSend,
      transport: {
        send: async (mail: OutgoingMail) => {
          started();
          await released;
          sent.push(mail);
        },
      },
    };
  }
  const within = <T>(work: Promise<T>, ms: number) =>
    Promise.race([work, new Promise<'timed out'>((resolve) => setTimeout(() => resolve('timed out'), ms))]);

  it('answers other transactions while a send waits (on PGlite they queued behind it)', async () => {
    const { input } = await register();
    await post('/api/user/forgot_code', { account: input.account });
    const held = heldTransport();
    const delivery = deliverPendingMail(db(), held.transport);
    await held.firstSend;
    const other = db().transaction(async (tx) => tx.select({ id: mailOutbox.id }).from(mailOutbox).limit(1));
    expect(await within(other, 5000)).not.toBe('timed out');
    if (ctx().database.engine === 'postgres') {
      const open = await db().execute<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
      );
      expect(Number(open.rows[0]?.n)).toBe(0);
    }
    held.release();
    expect((await delivery).sent).toBeGreaterThanOrEqual(1);
    expect(held.sent.some((mail) => mail.to === input.email)).toBe(true);
  });

  it('never gives one mail to two senders at once, and takes a mail again once its claim ended', async () => {
    const { input } = await register();
    await post('/api/user/forgot_code', { account: input.account });
    const first = heldTransport();
    const second = heldTransport();
    const one = deliverPendingMail(db(), first.transport);
    await first.firstSend;
    // The second sender finds every pending mail claimed by the first.
    expect(await deliverPendingMail(db(), second.transport)).toEqual({ sent: 0, failed: 0 });
    first.release();
    await one;
    expect(first.sent.filter((mail) => mail.to === input.email)).toHaveLength(1);
    expect(second.sent).toHaveLength(0);

    // A sender that died after claiming: its claim runs out, and the next sender takes the mail.
    await post('/api/user/forgot_code', { account: input.account });
    await db()
      .update(mailOutbox)
      .set({ claimedUntil: sql`now() + interval '1 minute'` })
      .where(and(eq(mailOutbox.toAddress, input.email), eq(mailOutbox.status, 'pending')));
    const skipped: OutgoingMail[] = [];
    await deliverPendingMail(db(), { send: async (mail) => void skipped.push(mail) });
    expect(skipped.filter((mail) => mail.to === input.email)).toHaveLength(0);
    await db()
      .update(mailOutbox)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(and(eq(mailOutbox.toAddress, input.email), eq(mailOutbox.status, 'pending')));
    const taken: OutgoingMail[] = [];
    await deliverPendingMail(db(), { send: async (mail) => void taken.push(mail) });
    expect(taken.filter((mail) => mail.to === input.email)).toHaveLength(1);
    const rows = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, input.email));
    expect(rows.map((row) => [row.status, row.claimedUntil])).toEqual([
      ['sent', null],
      ['sent', null],
    ]);
  });
});
