import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './db/client.ts';
import type { PayCodeKeys } from './modules/accounts/index.ts';
import { syncCategories } from './modules/catalog/index.ts';
import { syncLanguages } from './modules/content/index.ts';
import { ensurePlatformAccounts } from './modules/ledger/index.ts';
import { syncDefaultContent } from './modules/support/index.ts';
import { type SeedPart, seedDemoIfEmpty } from './seed/demo-seed.ts';

/** Migrations, reference data every install needs, then demo data when asked for. */
export async function prepareDatabase(
  database: DatabaseHandle,
  options: { seedDemo: boolean; seedParts?: readonly SeedPart[]; uploadDir: string; payCodes?: PayCodeKeys },
): Promise<{ seeded: boolean }> {
  await database.migrate();
  await syncLanguages(database.db);
  await ensurePlatformAccounts(database.db);
  await syncCategories(database.db, options.uploadDir);
  await syncDefaultContent(database.db);
  if (!options.seedDemo) return { seeded: false };
  if (!options.payCodes) throw new Error('the demo seed needs the pay-code keys');
  const seeded = await seedDemoIfEmpty(
    database.db,
    { uploadDir: options.uploadDir, payCodes: options.payCodes },
    options.seedParts,
  );
  // PGlite has no autovacuum: without this its planner would guess row counts for the demo
  // catalogue forever. PostgreSQL's autovacuum would get there too; one ANALYZE costs little.
  if (seeded) await database.db.execute(sql`analyze`);
  return { seeded };
}
