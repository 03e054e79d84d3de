import { adminRechargePageSchema, rechargeSchema, successEnvelope } from '@crossmart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositChannels } from '../../db/schema/index.ts';
import { registerBuyer } from '../../test/fixtures.ts';
import { apiClient, failure } from '../../test/http.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { pngOf, uploadedUrl } from '../../test/upload-fixtures.ts';
import { setUserRole } from '../accounts/index.ts';
import { demoChannels } from './wallet.seed.ts';

/** Recharge proofs (issue 17): one chain transaction proves one recharge; a reused picture is flagged. */
let ctx: TestContext;
const { get, post } = apiClient(() => ctx.app);
let admin: { id: number; token: string };

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.database.db.insert(depositChannels).values(demoChannels);
  admin = await registerBuyer(ctx.app, { mobile: '+819099999999' });
  await setUserRole(ctx.database.db, admin.id, 'admin');
});
afterAll(() => ctx.close());

let sequence = 0;
const buyer = () => {
  sequence += 1;
  return registerBuyer(ctx.app, { mobile: `+8190${String(sequence).padStart(8, '0')}` });
};

async function chainRecharge(token: string, network: string, txHash: string, lang = 'en') {
  const image = await uploadedUrl(ctx.app, token, await pngOf('#09c'), 'evidence');
  return post(
    '/api/user/recharge',
    { method: 'chain', network, coin: 'USDT', address: 'TSender', amount: 1000, image, tx_hash: txHash },
    { token, lang },
  );
}

async function adminQueue() {
  const answer = await get('/api/admin/recharge_list?status=0&limit=50', { token: admin.token });
  expect(answer.error).toBeUndefined();
  const data = answer.data;
  return adminRechargePageSchema.parse(data).list;
}

describe('tx_hash', () => {
  it('is unique per network, whatever its case; the second claim gets a localized answer', async () => {
    const first = await buyer();
    const second = await buyer();
    const hash = `0xfeed${Date.now().toString(16)}`;
    expect((await chainRecharge(first.token, 'TRC20', hash)).code).toBe(1);
    expect(failure(await chainRecharge(second.token, 'TRC20', hash.toUpperCase().replace('0X', '0x')))).toMatchObject({
      error: 'RECHARGE_TX_HASH_USED',
      msg: 'This transaction hash has already been submitted for this network. Each transaction can prove only one recharge.',
    });
    expect(failure(await chainRecharge(first.token, 'TRC20', hash, 'jp')).msg).toBe(
      'このトランザクションハッシュは、このネットワークですでに申請されています。1つの取引で証明できるチャージは1件のみです。',
    );
    // Another network is another chain: the same text may be a different transaction there.
    expect((await chainRecharge(second.token, 'ERC20', hash)).code).toBe(1);
  });

  it('parallel submissions of one hash: exactly one is recorded', async () => {
    const users = [await buyer(), await buyer(), await buyer()];
    const hash = `0xrace${Date.now().toString(16)}`;
    const answers = await Promise.all(users.map((user) => chainRecharge(user.token, 'TRC20', hash)));
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
    expect(answers.filter((answer) => answer.error === 'RECHARGE_TX_HASH_USED')).toHaveLength(2);
  });
});

describe('evidence pictures', () => {
  it('flags recharges whose evidence has the same bytes as another recharge’s, to the auditor only', async () => {
    const first = await buyer();
    const second = await buyer();
    const honest = await buyer();
    const picture = await pngOf('#f5a', 24);
    // Two separate uploads of the same file: different urls, the same stored bytes.
    const imageA = await uploadedUrl(ctx.app, first.token, picture, 'evidence');
    const imageB = await uploadedUrl(ctx.app, second.token, picture, 'evidence');
    expect(imageA).not.toBe(imageB);
    const own = await uploadedUrl(ctx.app, honest.token, await pngOf('#5af', 24), 'evidence');
    const recharge = async (token: string, image: string) =>
      successEnvelope(rechargeSchema).parse(
        await post('/api/user/recharge', { method: 'bank', amount: 800, image }, { token }),
      ).data;
    const a = await recharge(first.token, imageA);
    const b = await recharge(second.token, imageB);
    const c = await recharge(honest.token, own);

    const queue = await adminQueue();
    const flag = (id: number) => queue.find((item) => item.id === id)?.evidence_reused;
    expect(flag(a.id)).toBe(true);
    expect(flag(b.id)).toBe(true);
    expect(flag(c.id)).toBe(false);

    // The same upload used again by its owner is flagged too.
    const again = await recharge(honest.token, own);
    const after = await adminQueue();
    expect(after.find((item) => item.id === again.id)?.evidence_reused).toBe(true);
    expect(after.find((item) => item.id === c.id)?.evidence_reused).toBe(true);
    // The buyer's own list does not carry the auditor's flag.
    const mine = (await get('/api/user/recharge_log?status=all', { token: honest.token })).data as {
      list: Record<string, unknown>[];
    };
    expect(mine.list[0]).not.toHaveProperty('evidence_reused');
  });
});
