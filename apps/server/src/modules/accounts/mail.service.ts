import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Config } from '../../config.ts';
import { deleteInBatches, purgeBatchSize } from '../../db/batch-delete.ts';
import type { Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/accounts.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** Where mail leaves the platform. SMTP in production; tests may hand in a fake. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * An SMTP transport when SMTP_HOST is configured; otherwise undefined (mail stays in the outbox).
 * nodemailer (~40 modules) is loaded with the first mail, not at start: an idle server, or one
 * without SMTP, does not hold it (docs/decisions/0016-server-memory.md).
 */
export function createMailTransport(config: Config): MailTransport | undefined {
  if (!config.SMTP_HOST) return undefined;
  const host = config.SMTP_HOST;
  let transporter: Promise<Transporter> | undefined;
  const connect = () =>
    import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        host,
        port: config.SMTP_PORT,
        secure: config.SMTP_SECURE,
        ...(config.SMTP_USER ? { auth: { user: config.SMTP_USER, pass: config.SMTP_PASSWORD ?? '' } } : {}),
      }),
    );
  return {
    send: async (mail) => {
      transporter ??= connect().catch((error: unknown) => {
        transporter = undefined; // a failed load is tried again with the next mail
        throw error;
      });
      await (await transporter).sendMail({
        from: config.MAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
    },
  };
}

export interface MailToQueue extends OutgoingMail {
  kind: string;
  userId?: number | undefined;
}

/** Puts a mail in the outbox (in the caller's transaction, so it leaves only if the event commits). */
export async function enqueueMail(db: Database, mail: MailToQueue): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      kind: mail.kind,
      userId: mail.userId ?? null,
      toAddress: mail.to,
      subject: mail.subject,
      bodyText: mail.text,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('outbox insert returned no row');
  return row.id;
}

const maxAttempts = 3;
/** Mail kinds whose text carries a secret. */
const secretMailKinds = new Set(['password_reset']);
/**
 * How long a sender's claim on a mail lasts: longer than a batch's sends can take (SMTP
 * timeouts included), so that no other sender takes the mail meanwhile; a sender that died with it
 * leaves it to the next one after this.
 */
const claimSeconds = 600;

/**
 * Sends pending outbox rows through the transport. The rows are claimed first, in one statement
 * (`FOR UPDATE SKIP LOCKED`, then `claimed_until`), so several instances never take the same
 * mail. The sends run outside any transaction: a slow SMTP server holds neither a pooled
 * connection nor, on PGlite (one transaction at a time), every other request. Each result is
 * written on its own; a mail whose sender dies between its send and that write goes out again once
 * the claim ends (at least once, never lost). A row that fails `maxAttempts` times is marked failed.
 */
export async function deliverPendingMail(
  db: Database,
  transport: MailTransport,
  limit = 20,
): Promise<{ sent: number; failed: number }> {
  // One statement: the rows it locks are skipped by a concurrent claim, and claimed when it commits.
  const claimed = await db
    .update(mailOutbox)
    .set({ claimedUntil: sql`now() + make_interval(secs => ${claimSeconds})` })
    .where(
      inArray(
        mailOutbox.id,
        db
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(
            and(
              eq(mailOutbox.status, 'pending'),
              or(isNull(mailOutbox.claimedUntil), lt(mailOutbox.claimedUntil, sql`now()`)),
            ),
          )
          .orderBy(asc(mailOutbox.id))
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();
  let sent = 0;
  let failed = 0;
  for (const row of claimed.sort((a, b) => a.id - b.id)) {
    let error: unknown;
    try {
      await transport.send({ to: row.toAddress, subject: row.subject, text: row.bodyText });
    } catch (caught) {
      error = caught ?? new Error('send failed');
    }
    const attempts = row.attempts + 1;
    if (error === undefined) {
      await db
        .update(mailOutbox)
        .set({
          status: 'sent',
          sentAt: sql`now()`,
          attempts,
          lastError: null,
          claimedUntil: null,
          // A mailed secret (the reset code) is not kept once delivered: the outbox is no second copy.
          ...(secretMailKinds.has(row.kind) ? { subject: '', bodyText: '' } : {}),
        })
        .where(eq(mailOutbox.id, row.id));
      sent += 1;
      continue;
    }
    await db
      .update(mailOutbox)
      .set({
        status: attempts >= maxAttempts ? 'failed' : 'pending',
        attempts,
        lastError: (error instanceof Error ? error.message : String(error)).slice(0, 500),
        claimedUntil: null,
      })
      .where(eq(mailOutbox.id, row.id));
    if (attempts >= maxAttempts) failed += 1;
  }
  return { sent, failed };
}

export interface OutboxMail {
  id: number;
  userId: number | null;
  kind: string;
  to: string;
  subject: string;
  text: string;
  status: string;
  createdAt: Date;
}

/** The newest outbox rows, optionally only those to one address (admin console, tests). */
export async function listOutbox(
  db: Database,
  filter: { to?: string; statuses?: string[]; limit?: number } = {},
): Promise<OutboxMail[]> {
  const conditions = [
    filter.to ? eq(mailOutbox.toAddress, filter.to) : undefined,
    filter.statuses ? inArray(mailOutbox.status, filter.statuses) : undefined,
  ].filter((condition) => condition !== undefined);
  return db
    .select({
      id: mailOutbox.id,
      userId: mailOutbox.userId,
      kind: mailOutbox.kind,
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      text: mailOutbox.bodyText,
      status: mailOutbox.status,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(and(...conditions))
    .orderBy(sql`${mailOutbox.id} desc`)
    .limit(filter.limit ?? 50);
}

/** How long a sent mail stays in the outbox, for support and the admin console to look up. */
export const sentMailRetentionMs = 30 * 24 * 60 * 60 * 1000;

/**
 * Deletes mail sent more than 30 days before `now`; returns how many. `pending` and `failed` rows
 * are never deleted: they were not delivered (without SMTP every mail stays `pending`).
 */
export function purgeSentMail(db: Database, now: Date, batchSize: number = purgeBatchSize): Promise<number> {
  const cutoff = new Date(now.getTime() - sentMailRetentionMs);
  return deleteInBatches(
    db,
    mailOutbox,
    mailOutbox.id,
    and(eq(mailOutbox.status, 'sent'), lt(mailOutbox.sentAt, cutoff)),
    batchSize,
  );
}
