import type { AdminRole, UserRole } from '@crossmart/contract';
import type { Database } from '../../db/client.ts';
import { createUser, findUserByAccount } from './accounts.service.ts';
import { defaultHashing, demoSeedPasswords } from './passwords.ts';
import type { PayCodeKeys } from './pay-code-keys.ts';

/** The demo accounts of docs/product-rules.md (demo data). Other parts (wallet, shops) find them by account name. */
export const demoUsers = [
  {
    account: 'demo',
    password: demoSeedPasswords.demo,
    payPassword: '123456',
    role: 'buyer',
    family_name: 'Demo',
    given_name: 'Buyer',
    email: 'demo@crossmart.invalid',
    mobile: '+819000000001',
  },
  {
    account: 'merchant',
    password: demoSeedPasswords.merchant,
    role: 'merchant',
    family_name: 'Demo',
    given_name: 'Merchant',
    email: 'merchant@crossmart.invalid',
    mobile: '+819000000002',
  },
  {
    account: 'admin',
    password: demoSeedPasswords.admin,
    role: 'admin',
    family_name: 'Demo',
    given_name: 'Admin',
    email: 'admin@crossmart.invalid',
    mobile: '+819000000003',
  },
  {
    // A support admin (issue 14): reads everything, answers service and complaints, never audits money.
    account: 'support',
    password: demoSeedPasswords.support,
    role: 'admin',
    adminRole: 'support',
    family_name: 'Demo',
    given_name: 'Support',
    email: 'support@crossmart.invalid',
    mobile: '+819000000005',
  },
] as const satisfies readonly {
  account: string;
  password: string;
  payPassword?: string;
  role: UserRole;
  adminRole?: AdminRole;
  family_name: string;
  given_name: string;
  email: string;
  mobile: string;
}[];

/** A `SeedPart` (seed/demo-seed.ts), typed by shape so the module does not import the seed. */
export const accountsSeedPart: { name: string; run(db: Database, context: { payCodes: PayCodeKeys }): Promise<void> } =
  {
    name: 'accounts',
    async run(db: Database, { payCodes }) {
      for (const user of demoUsers) {
        // An operator may have made an account of that name with `admin:create` before the first start.
        if (await findUserByAccount(db, user.account)) continue;
        await createUser(db, user, defaultHashing, { payCodes, demoSeed: true });
      }
    },
  };
