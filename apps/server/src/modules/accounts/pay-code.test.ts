import { successEnvelope, userInfoSchema } from '@crossmart/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { failure } from '../../test/http.ts';
import { accountsTestApp } from './account-test-kit.ts';
import { verifyPayPassword } from './index.ts';
import { lock } from './lockout.service.ts';
import { hashSecret } from './passwords.ts';

const { get, post, db, payCodes, register, userRow } = accountsTestApp();

describe('payment code', () => {
  async function withPayCode() {
    const registered = await register();
    const set = await post(
      '/api/user/resetPay',
      { paypwd: '482915', repaypwd: '482915', password: registered.input.password },
      { token: registered.token },
    );
    expect(set.code).toBe(1);
    return registered;
  }

  it('sets the code with the login password, then changes it with the old code', async () => {
    const { token, user } = await withPayCode();
    const row = await userRow(user.id);
    expect(row.payPasswordHash).toMatch(/^hmac-sha256\$k1\$/);
    const info = successEnvelope(userInfoSchema).parse(await get('/api/user/getUserInfo', { token }));
    expect(info.data.has_pay_password).toBe(true);
    const wrongOld = failure(
      await post('/api/user/resetPay', { paypwd: '111222', repaypwd: '111222', oldpaypwd: '000000' }, { token }),
    );
    expect(wrongOld).toMatchObject({
      error: 'PAY_PASSWORD_WRONG',
      msg: 'The payment password is incorrect. 4 tries left.',
    });
    const changed = await post(
      '/api/user/resetPay',
      { paypwd: '111222', repaypwd: '111222', oldpaypwd: '482915' },
      { token },
    );
    expect(changed.code).toBe(1);
    await expect(verifyPayPassword(db(), user.id, '111222', payCodes())).resolves.toBeUndefined();
    expect((await userRow(user.id)).payFailures).toBe(0);
  });

  it('moves a code stored as argon2id by an older version to the keyed hash on the next correct entry', async () => {
    const { user } = await withPayCode();
    const legacy = await hashSecret('482915', { memoryKib: 1024, timeCost: 1, parallelism: 1 });
    await db().update(users).set({ payPasswordHash: legacy }).where(eq(users.id, user.id));
    await expect(verifyPayPassword(db(), user.id, '000000', payCodes())).rejects.toMatchObject({
      key: 'PAY_PASSWORD_WRONG',
    });
    expect((await userRow(user.id)).payPasswordHash).toBe(legacy);
    await expect(verifyPayPassword(db(), user.id, '482915', payCodes())).resolves.toBeUndefined();
    expect((await userRow(user.id)).payPasswordHash).toMatch(/^hmac-sha256\$k1\$/);
    await expect(verifyPayPassword(db(), user.id, '482915', payCodes())).resolves.toBeUndefined();
  });

  it('sets a new code with the login password when the old one is forgotten, ending a pay lock', async () => {
    const { token, user, input } = await withPayCode();
    for (let i = 0; i < 5; i += 1) await verifyPayPassword(db(), user.id, '000000', payCodes()).catch(() => undefined);
    await expect(verifyPayPassword(db(), user.id, '482915', payCodes())).rejects.toMatchObject({ key: 'PAY_LOCKED' });
    const wrong = failure(
      await post('/api/user/resetPay', { paypwd: '731864', repaypwd: '731864', password: 'not-mine' }, { token }),
    );
    expect(wrong.error).toBe('PASSWORD_WRONG');
    await expect(verifyPayPassword(db(), user.id, '731864', payCodes())).rejects.toMatchObject({ key: 'PAY_LOCKED' });
    const reset = await post(
      '/api/user/resetPay',
      { paypwd: '731864', repaypwd: '731864', password: input.password },
      { token },
    );
    expect(reset.code).toBe(1);
    await expect(verifyPayPassword(db(), user.id, '731864', payCodes())).resolves.toBeUndefined();
    await expect(verifyPayPassword(db(), user.id, '482915', payCodes())).rejects.toMatchObject({
      key: 'PAY_PASSWORD_WRONG',
    });
  });

  it('refuses a wrong login password when setting the first code', async () => {
    const { token } = await register();
    const body = failure(
      await post('/api/user/resetPay', { paypwd: '482915', repaypwd: '482915', password: 'not-mine' }, { token }),
    );
    expect(body.error).toBe('PASSWORD_WRONG');
  });

  it('answers PAY_PASSWORD_NOT_SET before a code exists', async () => {
    const { user } = await register();
    await expect(verifyPayPassword(db(), user.id, '123456', payCodes())).rejects.toMatchObject({
      key: 'PAY_PASSWORD_NOT_SET',
    });
  });

  it('locks payment for 30 minutes after 5 wrong codes', async () => {
    const { user } = await withPayCode();
    for (let i = 1; i <= 4; i += 1) {
      await expect(verifyPayPassword(db(), user.id, '000000', payCodes())).rejects.toMatchObject({
        key: 'PAY_PASSWORD_WRONG',
        params: { remaining: 5 - i },
      });
    }
    await expect(verifyPayPassword(db(), user.id, '000000', payCodes())).rejects.toMatchObject({
      key: 'PAY_LOCKED',
      params: { minutes: 30 },
    });
    await expect(verifyPayPassword(db(), user.id, '482915', payCodes())).rejects.toMatchObject({ key: 'PAY_LOCKED' });
    await db().update(users).set({ payLockedUntil: sql`now() - interval '1 second'` }).where(eq(users.id, user.id));
    await expect(verifyPayPassword(db(), user.id, '482915', payCodes())).resolves.toBeUndefined();
  });

  it('counts exactly 20 of 20 concurrent wrong codes and verifies at most 5 (truly concurrent on PostgreSQL)', async () => {
    const { user } = await withPayCode();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => verifyPayPassword(db(), user.id, '999999', payCodes())),
    );
    const keys = results.map((result) =>
      result.status === 'rejected' ? (result.reason as { key?: string }).key : 'accepted',
    );
    expect(keys.filter((key) => key === 'PAY_PASSWORD_WRONG')).toHaveLength(4);
    expect(keys.filter((key) => key === 'PAY_LOCKED')).toHaveLength(16);
    const row = await userRow(user.id);
    expect(row.payFailures).toBe(20);
    expect((row.payLockedUntil?.getTime() ?? 0) - Date.now()).toBeGreaterThan(29 * 60_000);
  });

  it('never leaves a lock behind once a correct code has reset the count (a late lock of a surplus try)', async () => {
    const { user } = await withPayCode();
    // A surplus try claimed number 6 while 5 correct ones were verifying; they reset the count first.
    await db().update(users).set({ payFailures: 0, payLockedUntil: null }).where(eq(users.id, user.id));
    await lock(db(), user.id, 'pay');
    expect((await userRow(user.id)).payLockedUntil).toBeNull();
    await expect(verifyPayPassword(db(), user.id, '482915', payCodes())).resolves.toBeUndefined();
    // With the count still at the limit the lock holds.
    await db().update(users).set({ payFailures: 6 }).where(eq(users.id, user.id));
    expect(await lock(db(), user.id, 'pay')).toBe(30);
    await expect(verifyPayPassword(db(), user.id, '482915', payCodes())).rejects.toMatchObject({ key: 'PAY_LOCKED' });
  });

  it('refuses to run inside a transaction, where a rollback would erase the count', async () => {
    const { user } = await withPayCode();
    await expect(db().transaction((tx) => verifyPayPassword(tx, user.id, '000000', payCodes()))).rejects.toThrow(
      /root database handle/,
    );
    expect((await userRow(user.id)).payFailures).toBe(0);
  });

  it('counts concurrent wrong codes sent through resetPay too', async () => {
    const { token, user } = await withPayCode();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        post('/api/user/resetPay', { paypwd: '111333', repaypwd: '111333', oldpaypwd: '000111' }, { token }),
      ),
    );
    expect(answers.every((body) => body.code === 0)).toBe(true);
    expect((await userRow(user.id)).payFailures).toBe(8);
  });
});
