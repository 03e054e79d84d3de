import type { Database } from '../db/client.ts';
import { appMeta } from '../db/schema/platform.ts';
import { accountsSeedPart, type PayCodeKeys } from '../modules/accounts/index.ts';
import { catalogDemoSeed } from '../modules/catalog/index.ts';
import { merchantsSeedPart } from '../modules/merchants/index.ts';
import { searchDemoSeed } from '../modules/search/index.ts';
import { walletSeedPart } from '../modules/wallet/index.ts';

/** What a seed part may need besides the database. */
export interface SeedContext {
  /** Where generated images go (served at /uploads/). */
  uploadDir: string;
  /** The key ring that demo payment codes are stored under. */
  payCodes: PayCodeKeys;
}

/** One part of the demo data; each feature module contributes its own. */
export interface SeedPart {
  name: string;
  run(db: Database, context: SeedContext): Promise<void>;
}

/** The demo data of docs/product-rules.md (demo data), in dependency order. Feature issues append their parts here. */
export const demoSeedParts: SeedPart[] = [
  accountsSeedPart,
  catalogDemoSeed,
  walletSeedPart,
  merchantsSeedPart,
  searchDemoSeed,
];

const seedMarkerKey = 'demo_seed';

/**
 * Seeds a database that has never been seeded, in one transaction. The marker row is claimed
 * first, so when several instances start at once only one of them seeds.
 */
export async function seedDemoIfEmpty(
  db: Database,
  context: SeedContext,
  parts: readonly SeedPart[] = demoSeedParts,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: seedMarkerKey, value: { parts: parts.map((part) => part.name), at: new Date().toISOString() } })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (claimed.length === 0) return false;
    for (const part of parts) await part.run(tx, context);
    return true;
  });
}
