import { eq } from 'drizzle-orm';
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
