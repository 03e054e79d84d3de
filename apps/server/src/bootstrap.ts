import type { DatabaseHandle } from './db/client.ts';
import { syncCategories } from './modules/catalog/index.ts';
import { syncLanguages } from './modules/content/index.ts';
import { ensurePlatformAccounts } from './modules/ledger/index.ts';
import { syncDefaultContent } from './modules/support/index.ts';
import { type SeedPart, seedDemoIfEmpty } from './seed/demo-seed.ts';

/** Migrations, reference data every install needs, then demo data when asked for. */
export async function prepareDatabase(
  database: DatabaseHandle,
  options: { seedDemo: boolean; seedParts?: readonly SeedPart[]; uploadDir: string },
): Promise<{ seeded: boolean }> {
  await database.migrate();
  await syncLanguages(database.db);
  await ensurePlatformAccounts(database.db);
  await syncCategories(database.db, options.uploadDir);
  await syncDefaultContent(database.db);
  const seeded = options.seedDemo
    ? await seedDemoIfEmpty(database.db, { uploadDir: options.uploadDir }, options.seedParts)
    : false;
  return { seeded };
}
