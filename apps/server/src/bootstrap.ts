import type { DatabaseHandle } from './db/client.ts';
import { syncLanguages } from './modules/content/index.ts';
import { ensurePlatformAccounts } from './modules/ledger/index.ts';
import { type SeedPart, seedDemoIfEmpty } from './seed/demo-seed.ts';

/** Migrations, reference data every install needs, then demo data when asked for. */
export async function prepareDatabase(
  database: DatabaseHandle,
  options: { seedDemo: boolean; seedParts?: readonly SeedPart[] },
): Promise<{ seeded: boolean }> {
  await database.migrate();
  await syncLanguages(database.db);
  await ensurePlatformAccounts(database.db);
  const seeded = options.seedDemo ? await seedDemoIfEmpty(database.db, options.seedParts) : false;
  return { seeded };
}
