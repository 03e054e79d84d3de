import type { Database } from '../../db/client.ts';
import { depositChannels, recharges } from '../../db/schema/wallet.ts';
import { findUserByAccount } from '../accounts/index.ts';
import { postTransaction } from '../ledger/index.ts';

/** Demo deposit channels (docs/product-rules.md, demo data); the addresses are examples, not real wallets. */
export const demoChannels: Array<typeof depositChannels.$inferInsert> = [
  {
    kind: 'bank',
    bankName: 'Crossmart Demo Bank',
    accountName: 'Crossmart K.K.',
    accountNumber: '1234567',
    branch: 'Tokyo Main (001)',
    sortOrder: 1,
  },
  { kind: 'chain', network: 'TRC20', coin: 'USDT', address: 'TXdemoCrossmart0000000000000000001', sortOrder: 2 },
  { kind: 'chain', network: 'ERC20', coin: 'USDT', address: '0xdemo00000000000000000000000000000c0ffee', sortOrder: 3 },
  { kind: 'chain', network: 'ERC20', coin: 'USDC', address: '0xdemo00000000000000000000000000000c0ffee', sortOrder: 4 },
  { kind: 'chain', network: 'Bitcoin', coin: 'BTC', address: 'bc1qdemocrossmart000000000000000000000', sortOrder: 5 },
];

/** The demo buyer starts with this balance: a passed recharge, posted through the ledger. */
export const demoBuyerBalance = 100_000;

export const walletSeedPart: { name: string; run(db: Database): Promise<void> } = {
  name: 'wallet',
  async run(db: Database) {
    await db.insert(depositChannels).values(demoChannels);
    const buyer = await findUserByAccount(db, 'demo');
    if (!buyer) return;
    const [row] = await db
      .insert(recharges)
      .values({
        userId: buyer.id,
        method: 'bank',
        amount: demoBuyerBalance,
        actualAmount: demoBuyerBalance,
        status: 1,
        auditedAt: new Date(),
        reason: null,
      })
      .returning({ id: recharges.id });
    if (!row) return;
    await postTransaction(db, {
      kind: 'recharge',
      reference: `recharge:${row.id}`,
      legs: [
        { account: { platform: 'external' }, amount: -demoBuyerBalance },
        { account: { userId: buyer.id }, amount: demoBuyerBalance },
      ],
    });
  },
};
