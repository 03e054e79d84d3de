/** The real Crossmart app on PostgreSQL for `bench/checkout.ts` (demo seed off, logs silent). */
import { buildApp } from '../../apps/server/src/app.ts';
import { prepareDatabase } from '../../apps/server/src/bootstrap.ts';
import { readConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';

const config = readConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
if (!config.DATABASE_URL) throw new Error('set DATABASE_URL');
const database = await openDatabase({ url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE });
await prepareDatabase(database, { seedDemo: false, uploadDir: config.UPLOAD_DIR });
const app = await buildApp({ config, database });
app.addHook('onClose', () => database.close());
await app.listen({ host: '127.0.0.1', port: config.PORT });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
