import type { Database } from '../../db/client.ts';
import { merchantApplications } from '../../db/schema/merchants.ts';
import { createUser, defaultHashing, findUserByAccount } from '../accounts/index.ts';
import { listCategoryIds } from '../catalog/index.ts';

/** The demo applicant: a buyer whose shop application waits in the admin queue. */
export const demoApplicant = { account: 'applicant', password: 'applicant123' } as const;

/** A `SeedPart` (seed/demo-seed.ts): one pending application, so the admin queue is not empty. */
export const merchantsSeedPart: { name: string; run(db: Database): Promise<void> } = {
  name: 'merchants',
  async run(db: Database) {
    const user =
      (await findUserByAccount(db, demoApplicant.account)) ??
      (await createUser(
        db,
        {
          ...demoApplicant,
          role: 'buyer',
          family_name: 'Demo',
          given_name: 'Applicant',
          email: 'applicant@crossmart.invalid',
          mobile: '+819000000004',
        },
        defaultHashing,
        { demoSeed: true },
      ));
    const [categoryId] = await listCategoryIds(db);
    await db
      .insert(merchantApplications)
      .values({
        userId: user.id,
        shopName: 'Nagoya Craft Studio',
        logo: '',
        contactName: 'Aoi Suzuki',
        mobile: '+819000000004',
        email: 'applicant@crossmart.invalid',
        categoryId: categoryId ?? 1,
        description: 'Handmade ceramics and wooden tableware from Nagoya.',
        document: '',
      })
      .onConflictDoNothing();
  },
};
