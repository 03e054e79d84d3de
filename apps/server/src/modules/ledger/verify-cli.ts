/** `npm run ledger:verify`: checks the books of the configured database and exits 1 when they are wrong. */
import path from 'node:path';
import { readConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { exitIfDataDirLocked } from '../../db/data-dir-lock.ts';
import { verifyLedger } from './ledger.service.ts';

const config = readConfig();
const database = await openDatabase(
  config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: path.join(config.DATA_DIR, 'pglite') },
).catch(exitIfDataDirLocked);
await database.migrate();
const report = await verifyLedger(database.db);
await database.close();
console.log(`ledger ${report.ok ? 'OK' : 'BROKEN'} (${database.engine})`);
console.log(`  transactions            ${report.transactions}`);
console.log(`  entries                 ${report.entries}`);
console.log(`  unbalanced transactions ${report.unbalanced_transactions}`);
console.log(`  mismatched balances     ${report.mismatched_balances}`);
console.log(`  negative user balances  ${report.negative_user_balances}`);
console.log(`  total user balances     ${report.total_user_balances}`);
process.exit(report.ok ? 0 : 1);
