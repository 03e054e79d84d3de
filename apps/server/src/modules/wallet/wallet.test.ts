import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  adminRechargePageSchema,
  billPageSchema,
  blockchainSchema,
  defaultPlatformSettings,
  extractInfoSchema,
  loginResponseSchema,
  publicConfigSchema,
  rechargePageSchema,
  rechargeSchema,
  successEnvelope,
  withdrawalPageSchema,
  withdrawalSchema,
} from '@crossmart/contract';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, depositChannels, idempotencyKeys, recharges, withdrawals } from '../../db/schema/index.ts';
import { apiClient, type Envelope, failure, type Json } from '../../test/http.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createUser, defaultHashing, payCodeKeys } from '../accounts/index.ts';
import { getPlatformBalances, getUserBalance, verifyLedger } from '../ledger/index.ts';
import { demoChannels } from './wallet.seed.ts';
import { requestWithdrawal } from './wallet.service.ts';

let ctx: TestContext;

beforeAll(async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'crossmart-wallet-'));
  ctx = await createTestApp({ env: { DATA_DIR: dir } });
  await ctx.database.db.insert(depositChannels).values(demoChannels);
});
afterAll(async () => {
  // The books must balance after everything this file did.
  expect((await verifyLedger(ctx.database.db)).ok).toBe(true);
  await ctx.close();
});

const db = () => ctx.database.db;

const { call, get, post } = apiClient(() => ctx.app);

let sequence = 0;
async function userWithToken(role: 'buyer' | 'admin' = 'buyer') {
  sequence += 1;
  const account = `wallet${role}${sequence}`;
  await createUser(
    db(),
    {
      account,
      password: 'secret1',
      payPassword: '246810',
      role,
      family_name: 'T',
      given_name: 'U',
      email: `${account}@example.com`,
      mobile: `+8170${String(sequence).padStart(8, '0')}`,
    },
    { ...defaultHashing, memoryKib: 1024, timeCost: 1 },
    { payCodes: payCodeKeys(ctx.config) },
  );
  const login = await post('/api/user/login', { account, password: 'secret1' });
  const { userinfo } = successEnvelope(loginResponseSchema).parse(login).data;
  return { id: userinfo.id, token: userinfo.token };
}

async function evidence(token: string): Promise<string> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#08f' } })
    .png()
    .toBuffer();
  const boundary = '----crossmart';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nevidence\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="e.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { token, lang: 'en', 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  const body = res.json() as Envelope;
  expect(body.code).toBe(1);
  return (body.data as { url: string }).url;
}

let admin: { id: number; token: string };
beforeAll(async () => {
  admin = await userWithToken('admin');
});

async function rechargeAndPass(user: { token: string }, amount: number) {
  const image = await evidence(user.token);
  const created = successEnvelope(rechargeSchema).parse(
    await post('/api/user/recharge', { method: 'bank', amount, image }, { token: user.token }),
  ).data;
  const passed = await post(
    '/api/admin/recharge_audit',
    { id: created.id, status: 1, actual_amount: amount },
    { token: admin.token },
  );
  expect(passed.code).toBe(1);
  return created.id;
}

describe('settings and config', () => {
  it('GET /api/config carries the withdrawal fee and minimum (docs/product-rules.md, money defaults)', async () => {
    const body = successEnvelope(publicConfigSchema).parse((await call('GET', '/api/config')).body);
    expect(body.data.wallet).toEqual({ withdrawal_fee_bp: 100, min_withdrawal: 1000 });
  });

  it('admins edit settings with an audit-log row; buyers may not', async () => {
    const buyer = await userWithToken();
    expect(
      failure(
        await post(
          '/api/admin/settings_save',
          { ...defaultPlatformSettings, commission_rate_bp: 1 },
          { token: buyer.token },
        ),
      ).error,
    ).toBe('FORBIDDEN');
    const saved = await post(
      '/api/admin/settings_save',
      { ...defaultPlatformSettings, commission_rate_bp: 600 },
      { token: admin.token },
    );
    expect(saved).toMatchObject({ code: 1, data: { commission_rate_bp: 600 } });
    const logs = await db().select().from(auditLog).where(eq(auditLog.action, 'settings_save'));
    expect(logs).toHaveLength(1);
  });

  it('channel_save refuses BSC/HECO/DEX networks and incomplete channels', async () => {
    const bsc = failure(
      await post(
        '/api/admin/channel_save',
        { kind: 'chain', network: 'BSC', coin: 'USDT', address: 'x' },
        { token: admin.token },
      ),
    );
    expect(bsc.fields?.network).toBe('DEX, BSC and HECO deposits are not supported.');
    const bank = failure(await post('/api/admin/channel_save', { kind: 'bank' }, { token: admin.token }));
    expect(bank.fields?.bank_name).toBe('Please enter the bank name.');
  });
});

describe('recharge', () => {
  it('getBlockchain lists networks with coins and addresses, and bank accounts', async () => {
    const user = await userWithToken();
    const data = successEnvelope(blockchainSchema).parse(
      await get('/api/user/getBlockchain', { token: user.token }),
    ).data;
    expect(data.networks.map((n) => n.network)).toEqual(['TRC20', 'ERC20', 'Bitcoin']);
    expect(data.networks[1]?.coins.map((c) => c.coin)).toEqual(['USDT', 'USDC']);
    expect(data.banks[0]?.bank_name).toBe('Crossmart Demo Bank');
  });

  it('validates docs/spec.md §5 with the spec messages (en and jp)', async () => {
    const user = await userWithToken();
    const image = await evidence(user.token);
    const cases: Array<[Json, string, string]> = [
      [{ method: 'bank', amount: 0, image }, 'amount', 'Please fill correct amount.'],
      [{ method: 'bank', amount: -5, image }, 'amount', 'Please fill correct amount.'],
      [{ method: 'bank', amount: 1.5, image }, 'amount', 'Please fill correct amount.'],
      [{ method: 'bank', amount: 100 }, 'image', 'Please upload payment evidence.'],
      [{ method: 'chain', amount: 100, image, address: 'T1' }, 'network', 'Please choose charge network.'],
      [
        { method: 'chain', amount: 100, image, network: 'TRC20', coin: 'USDT' },
        'address',
        'Please fill recharge address.',
      ],
      [
        { method: 'chain', amount: 100, image, network: 'BSC', coin: 'USDT', address: 'a' },
        'network',
        'DEX, BSC and HECO deposits are not supported.',
      ],
      [
        { method: 'chain', amount: 100, image, network: 'HECO', coin: 'USDT', address: 'a' },
        'network',
        'DEX, BSC and HECO deposits are not supported.',
      ],
      [{ method: 'wire', amount: 100, image }, 'method', 'Please choose one of the offered options.'],
    ];
    for (const [body, field, message] of cases) {
      const answer = failure(await post('/api/user/recharge', body, { token: user.token }));
      expect(answer.error, JSON.stringify(body)).toBe('VALIDATION_FAILED');
      expect(answer.fields?.[field], JSON.stringify(body)).toBe(message);
    }
    const jp = failure(
      await post('/api/user/recharge', { method: 'bank', amount: 0, image }, { token: user.token, ...{ lang: 'jp' } }),
    );
    expect(jp.fields?.amount).toBe('正しい金額を入力してください。');
    expect(await db().select().from(recharges).where(eq(recharges.userId, user.id))).toHaveLength(0);
  });

  it('refuses unknown channels and evidence that is not the user’s own upload', async () => {
    const user = await userWithToken();
    const other = await userWithToken();
    const image = await evidence(user.token);
    expect(
      failure(
        await post(
          '/api/user/recharge',
          { method: 'chain', network: 'TRC20', coin: 'BTC', address: 'a', amount: 5, image },
          { token: user.token },
        ),
      ).error,
    ).toBe('CHANNEL_NOT_FOUND');
    expect(
      failure(await post('/api/user/recharge', { method: 'bank', amount: 5, image }, { token: other.token })).error,
    ).toBe('EVIDENCE_INVALID');
    expect(
      failure(
        await post('/api/user/recharge', { method: 'bank', amount: 5, image: '/uploads/x.png' }, { token: user.token }),
      ).error,
    ).toBe('EVIDENCE_INVALID');
  });

  it('stays at status 0 and credits nothing until passed; passing credits the actual arrival once', async () => {
    const user = await userWithToken();
    const image = await evidence(user.token);
    const created = successEnvelope(rechargeSchema).parse(
      await post(
        '/api/user/recharge',
        { method: 'chain', network: 'trc20', coin: 'usdt', address: 'TSender', amount: 5000, image, tx_hash: '0xabc' },
        { token: user.token },
      ),
    ).data;
    expect(created).toMatchObject({ status: 0, network: 'TRC20', coin: 'USDT', actual_amount: null });
    expect(await getUserBalance(db(), user.id)).toBe(0);
    const list = adminRechargePageSchema.parse(
      (await get('/api/admin/recharge_list?status=0', { token: admin.token })).data,
    );
    expect(list.list.some((r) => r.id === created.id && r.user_id === user.id)).toBe(true);
    const missing = failure(
      await post('/api/admin/recharge_audit', { id: created.id, status: 1 }, { token: admin.token }),
    );
    expect(missing.fields?.actual_amount).toBe('Please fill correct amount.');
    const passed = successEnvelope(rechargeSchema).parse(
      await post(
        '/api/admin/recharge_audit',
        { id: created.id, status: 1, actual_amount: 4900 },
        { token: admin.token },
      ),
    ).data;
    expect(passed).toMatchObject({ status: 1, actual_amount: 4900 });
    expect(await getUserBalance(db(), user.id)).toBe(4900);
    expect(
      failure(
        await post(
          '/api/admin/recharge_audit',
          { id: created.id, status: 1, actual_amount: 4900 },
          { token: admin.token },
        ),
      ).error,
    ).toBe('ALREADY_AUDITED');
    expect(
      failure(
        await post('/api/admin/recharge_audit', { id: 999999, status: 1, actual_amount: 1 }, { token: admin.token }),
      ).error,
    ).toBe('NOT_FOUND');
    expect(await getUserBalance(db(), user.id)).toBe(4900);
    const bill = billPageSchema.parse((await get('/api/user/bill', { token: user.token })).data);
    expect(bill.list).toMatchObject([
      { kind: 'recharge', amount: 4900, balance_after: 4900, reference: `recharge:${created.id}` },
    ]);
    const logs = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(created.id)));
    expect(logs.filter((l) => l.targetType === 'recharge').map((l) => l.action)).toEqual(['recharge_pass']);
  });

  it('refusing needs a reason and credits nothing; the log filters by status', async () => {
    const user = await userWithToken();
    const image = await evidence(user.token);
    const a = successEnvelope(rechargeSchema).parse(
      await post('/api/user/recharge', { method: 'bank', amount: 100, image }, { token: user.token }),
    ).data;
    const b = successEnvelope(rechargeSchema).parse(
      await post('/api/user/recharge', { method: 'manual', amount: 200 }, { token: user.token }),
    ).data;
    expect(
      failure(await post('/api/admin/recharge_audit', { id: a.id, status: 2 }, { token: admin.token })).fields?.reason,
    ).toBe('Please enter a reason.');
    expect(
      (
        await post(
          '/api/admin/recharge_audit',
          { id: a.id, status: 2, reason: 'no money arrived' },
          { token: admin.token },
        )
      ).code,
    ).toBe(1);
    expect(await getUserBalance(db(), user.id)).toBe(0);
    const all = rechargePageSchema.parse((await get('/api/user/recharge_log', { token: user.token })).data);
    expect(all.list.map((r) => r.id)).toEqual([b.id, a.id]);
    const refused = rechargePageSchema.parse(
      (await get('/api/user/recharge_log?status=2', { token: user.token })).data,
    );
    expect(refused.list).toMatchObject([{ id: a.id, status: 2, reason: 'no money arrived' }]);
    const auditing = rechargePageSchema.parse(
      (await get('/api/user/recharge_log?status=0&limit=1', { token: user.token })).data,
    );
    expect(auditing).toMatchObject({ total: 1, has_more: false, list: [{ id: b.id }] });
    expect(failure(await get('/api/user/recharge_log?status=3', { token: user.token })).error).toBe(
      'VALIDATION_FAILED',
    );
  });
});

describe('withdrawal', () => {
  it('GET extract shows balance, fee rate and minimum', async () => {
    const user = await userWithToken();
    await rechargeAndPass(user, 20_000);
    const info = extractInfoSchema.parse((await get('/api/user/extract', { token: user.token })).data);
    expect(info).toEqual({ balance: 20_000, fee_rate_bp: 100, min_amount: 1000, min_fee: 1 });
  });

  it('validates every rule of docs/spec.md §5 and docs/product-rules.md (money)', async () => {
    const user = await userWithToken();
    await rechargeAndPass(user, 5000);
    const bank = { type: 'bank', bank_card: '6222020000000000', bank_name: 'MUFG', holder: 'Taro', paypwd: '246810' };
    const fields: Array<[Json, string, string]> = [
      [{ ...bank, amount: 0 }, 'amount', 'Withdrawal amount invalid, or over balance.'],
      [{ ...bank, amount: -1 }, 'amount', 'Withdrawal amount invalid, or over balance.'],
      [{ ...bank, amount: 10.5 }, 'amount', 'Withdrawal amount invalid, or over balance.'],
      [{ ...bank, amount: 2000, bank_card: '' }, 'bank_card', 'Please enter the bank card number.'],
      [{ ...bank, amount: 2000, bank_name: undefined }, 'bank_name', 'Please enter the bank name.'],
      [{ ...bank, amount: 2000, holder: ' ' }, 'holder', "Please enter the card holder's name."],
      [{ type: 'chain', amount: 2000, address: 'T1', paypwd: '246810' }, 'network', 'Please choose charge network.'],
      [
        { type: 'chain', amount: 2000, network: 'TRC20', paypwd: '246810' },
        'address',
        'Please enter the receiving address.',
      ],
      [
        { type: 'chain', amount: 2000, network: 'BSC', address: 'a', paypwd: '246810' },
        'network',
        'DEX, BSC and HECO deposits are not supported.',
      ],
      [{ ...bank, amount: 2000, paypwd: '' }, 'paypwd', 'Please enter your payment code.'],
    ];
    for (const [body, field, message] of fields) {
      const answer = failure(await post('/api/user/extract', body, { token: user.token }));
      expect(answer.fields?.[field], JSON.stringify(body)).toBe(message);
    }
    expect(failure(await post('/api/user/extract', { ...bank, amount: 5001 }, { token: user.token })).error).toBe(
      'WITHDRAW_AMOUNT_INVALID',
    );
    expect(failure(await post('/api/user/extract', { ...bank, amount: 999 }, { token: user.token }))).toMatchObject({
      error: 'WITHDRAW_BELOW_MINIMUM',
      msg: 'The minimum withdrawal is 1000.',
    });
    expect(
      failure(await post('/api/user/extract', { ...bank, amount: 2000, paypwd: '000000' }, { token: user.token }))
        .error,
    ).toBe('PAY_PASSWORD_WRONG');
    expect(await getUserBalance(db(), user.id)).toBe(5000);
    expect(await db().select().from(withdrawals).where(eq(withdrawals.userId, user.id))).toHaveLength(0);
  });

  it('holds the money at once with the fee computed on the server; pass pays out, refuse returns it', async () => {
    const user = await userWithToken();
    await rechargeAndPass(user, 10_000);
    const before = await getPlatformBalances(db());
    const first = withdrawalSchema.parse(
      (
        await post(
          '/api/user/extract',
          {
            type: 'bank',
            amount: 3000,
            bank_card: '1234',
            bank_name: 'MUFG',
            holder: 'Taro',
            paypwd: '246810',
            fee: 0,
          },
          { token: user.token },
        )
      ).data,
    );
    expect(first).toMatchObject({ status: 0, amount: 3000, fee: 30, actual_amount: 2970 });
    expect(await getUserBalance(db(), user.id)).toBe(7000);
    expect((await getPlatformBalances(db())).withdrawals_pending).toBe(before.withdrawals_pending + 3000);
    const second = withdrawalSchema.parse(
      (
        await post(
          '/api/user/extract',
          { type: 'chain', amount: 1050, network: 'TRC20', address: 'TAddr', paypwd: '246810' },
          { token: user.token },
        )
      ).data,
    );
    expect(second).toMatchObject({ fee: 10, actual_amount: 1040 });
    expect((await post('/api/admin/extract_audit', { id: first.id, status: 1 }, { token: admin.token })).code).toBe(1);
    expect(
      (
        await post(
          '/api/admin/extract_audit',
          { id: second.id, status: 2, reason: 'address invalid' },
          { token: admin.token },
        )
      ).code,
    ).toBe(1);
    expect(
      failure(await post('/api/admin/extract_audit', { id: second.id, status: 1 }, { token: admin.token })).error,
    ).toBe('ALREADY_AUDITED');
    const after = await getPlatformBalances(db());
    expect(after.withdrawals_pending).toBe(before.withdrawals_pending);
    expect(after.fees).toBe(before.fees + 30);
    expect(after.external).toBe(before.external + 2970);
    expect(await getUserBalance(db(), user.id)).toBe(7000);
    const log = withdrawalPageSchema.parse((await get('/api/user/extract_log?status=2', { token: user.token })).data);
    expect(log.list).toMatchObject([{ id: second.id, reason: 'address invalid' }]);
    const bill = billPageSchema.parse((await get('/api/user/bill', { token: user.token })).data);
    expect(bill.list.map((e) => [e.kind, e.amount])).toEqual([
      ['withdrawal_refused', 1050],
      ['withdrawal_request', -1050],
      ['withdrawal_request', -3000],
      ['recharge', 10_000],
    ]);
    const filtered = billPageSchema.parse((await get('/api/user/bill?kind=recharge', { token: user.token })).data);
    expect(filtered.list).toHaveLength(1);
  });
});

describe('idempotency keys', () => {
  const bank = { type: 'bank', bank_card: '1234', bank_name: 'MUFG', holder: 'Taro', paypwd: '246810' };

  it('a replay returns the first answer and moves nothing; another body is refused', async () => {
    const user = await userWithToken();
    await rechargeAndPass(user, 10_000);
    const first = await call('POST', '/api/user/extract', {
      body: { ...bank, amount: 2000 },
      token: user.token,
      key: 'withdraw-key-0001',
    });
    expect(first.body.code).toBe(1);
    const replay = await call('POST', '/api/user/extract', {
      body: { ...bank, amount: 2000 },
      token: user.token,
      key: 'withdraw-key-0001',
    });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.data).toEqual(first.body.data);
    expect(await getUserBalance(db(), user.id)).toBe(8000);
    expect(await db().select().from(withdrawals).where(eq(withdrawals.userId, user.id))).toHaveLength(1);
    const other = failure(
      (
        await call('POST', '/api/user/extract', {
          body: { ...bank, amount: 2500 },
          token: user.token,
          key: 'withdraw-key-0001',
        })
      ).body,
    );
    expect(other).toMatchObject({
      error: 'IDEMPOTENCY_KEY_REUSED',
      msg: 'This request key was already used for a different request.',
    });
    // Keys are scoped per user: another user's identical key is a new request.
    const stranger = await userWithToken();
    await rechargeAndPass(stranger, 3000);
    const theirs = await call('POST', '/api/user/extract', {
      body: { ...bank, amount: 2000 },
      token: stranger.token,
      key: 'withdraw-key-0001',
    });
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await getUserBalance(db(), stranger.id)).toBe(1000);
    // The stored hash leaves the payment code out.
    const [row] = await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id));
    expect(JSON.stringify(row)).not.toContain('246810');
  });

  it('a failed request stores nothing, so a retry with the key runs again', async () => {
    const user = await userWithToken();
    await rechargeAndPass(user, 1500);
    const request = { body: { ...bank, amount: 1600 }, token: user.token, key: 'retry-key-0001' };
    expect(failure((await call('POST', '/api/user/extract', request)).body).error).toBe('WITHDRAW_AMOUNT_INVALID');
    expect(await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id))).toHaveLength(0);
    await rechargeAndPass(user, 500);
    const retried = await call('POST', '/api/user/extract', request);
    expect(retried.body.code).toBe(1);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await getUserBalance(db(), user.id)).toBe(400);
  });

  it('refuses malformed keys', async () => {
    const user = await userWithToken();
    const body = failure(
      (
        await call('POST', '/api/user/recharge', {
          body: { method: 'manual', amount: 1 },
          token: user.token,
          key: 'short',
        })
      ).body,
    );
    expect(body.error).toBe('IDEMPOTENCY_KEY_INVALID');
  });
});

describe('ledger_verify', () => {
  it('answers the invariants to admins only', async () => {
    const buyer = await userWithToken();
    expect(failure(await get('/api/admin/ledger_verify', { token: buyer.token })).error).toBe('FORBIDDEN');
    const body = await get('/api/admin/ledger_verify', { token: admin.token });
    expect(body).toMatchObject({ code: 1, data: { ok: true, unbalanced_transactions: 0, negative_user_balances: 0 } });
  });
});

describe('races (PostgreSQL)', () => {
  it('50 concurrent withdrawals exceeding the balance never go negative', async () => {
    const user = await userWithToken();
    await rechargeAndPass(user, 10_000);
    const input = {
      type: 'bank' as const,
      network: undefined,
      address: undefined,
      amount: 1000,
      bank_card: '1',
      bank_name: 'B',
      holder: 'H',
      paypwd: '246810',
    };
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => db().transaction((tx) => requestWithdrawal(tx, user.id, input))),
    );
    const succeeded = results.filter((r) => r.status === 'fulfilled').length;
    expect(succeeded).toBe(10);
    expect(await getUserBalance(db(), user.id)).toBe(0);
    const rows = await db().select().from(withdrawals).where(eq(withdrawals.userId, user.id));
    expect(rows).toHaveLength(10);
    const [negative] = await db()
      .execute<{ n: number }>(
        sql`select count(*)::int as n from ledger_accounts where balance < 0 and not is_negative_allowed`,
      )
      .then((r) => r.rows);
    expect(negative?.n).toBe(0);
  });

  it('two admins passing one recharge credit it once', async () => {
    const user = await userWithToken();
    const second = await userWithToken('admin');
    const image = await evidence(user.token);
    const created = successEnvelope(rechargeSchema).parse(
      await post('/api/user/recharge', { method: 'bank', amount: 700, image }, { token: user.token }),
    ).data;
    const answers = await Promise.all(
      [admin, second, admin, second].map((a) =>
        post('/api/admin/recharge_audit', { id: created.id, status: 1, actual_amount: 700 }, { token: a.token }),
      ),
    );
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.error === 'ALREADY_AUDITED')).toHaveLength(3);
    expect(await getUserBalance(db(), user.id)).toBe(700);
  });

  it('concurrent duplicates with one Idempotency-Key run once and all get the first answer', async () => {
    const user = await userWithToken();
    await rechargeAndPass(user, 10_000);
    const body = { type: 'bank', amount: 1000, bank_card: '1', bank_name: 'B', holder: 'H', paypwd: '246810' };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        call('POST', '/api/user/recharge', {
          body: { method: 'manual', amount: 77 },
          token: user.token,
          key: 'concurrent-key-1',
        }),
      ),
    );
    const ids = new Set(answers.map((a) => (a.body.data as { id: number }).id));
    expect(ids.size).toBe(1);
    expect(await db().select().from(recharges).where(eq(recharges.userId, user.id))).toHaveLength(2);
    const withdrawals4 = await Promise.all(
      Array.from({ length: 4 }, () =>
        call('POST', '/api/user/extract', { body, token: user.token, key: 'concurrent-key-2' }),
      ),
    );
    expect(withdrawals4.every((answer) => answer.body.code === 1)).toBe(true);
    expect(new Set(withdrawals4.map((answer) => (answer.body.data as { id: number }).id)).size).toBe(1);
    expect(withdrawals4.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(3);
    expect(await getUserBalance(db(), user.id)).toBe(9000);
    expect(await db().select().from(withdrawals).where(eq(withdrawals.userId, user.id))).toHaveLength(1);
  });
});
