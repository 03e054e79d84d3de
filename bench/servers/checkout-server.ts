/**
 * The real Crossmart app on PostgreSQL for `bench/checkout.ts`. Until the addresses module is
 * merged, the checkout's address lookup is a fixed address for id 1 (one indexed read is what the
 * real lookup will add).
 */
import { buildApp } from '../../apps/server/src/app.ts';
import { prepareDatabase } from '../../apps/server/src/bootstrap.ts';
import { readConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';

const config = readConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
if (!config.DATABASE_URL) throw new Error('set DATABASE_URL');
const database = await openDatabase({ url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE });
await prepareDatabase(database, { seedDemo: false, uploadDir: config.UPLOAD_DIR });
const address = { name: 'Bench Buyer', mobile: '+818000000000', area: 'Tokyo', address: '1-1-1 Chiyoda' };
const app = await buildApp({
  config,
  database,
  addressLookup: async (_db, _userId, addressId) => (addressId === 1 ? address : undefined),
});
app.addHook('onClose', () => database.close());
await app.listen({ host: '127.0.0.1', port: config.PORT });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
