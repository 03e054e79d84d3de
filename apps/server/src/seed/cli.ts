/** `npm run seed`: wipes the configured database and seeds it afresh with the demo data. */
import path from 'node:path';
import pg from 'pg';
import { prepareDatabase } from '../bootstrap.ts';
import { readConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { exitIfDataDirLocked } from '../db/data-dir-lock.ts';
import { payCodeKeys } from '../modules/accounts/index.ts';

const config = readConfig();
if (config.NODE_ENV === 'production') {
  console.error('npm run seed wipes the database; it refuses to run with NODE_ENV=production.');
  process.exit(1);
}

if (config.DATABASE_URL) {
  const client = new pg.Client({ connectionString: config.DATABASE_URL });
  await client.connect();
  await client.query('drop schema if exists drizzle cascade; drop schema public cascade; create schema public;');
  await client.end();
}

// PGlite's directory is emptied under its lock: never beside a server that has it open (ADR 0024).
const database = await openDatabase(
  config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: path.join(config.DATA_DIR, 'pglite'), wipe: true },
).catch(exitIfDataDirLocked);
const { seeded } = await prepareDatabase(database, {
  seedDemo: true,
  uploadDir: config.UPLOAD_DIR,
  payCodes: payCodeKeys(config),
});
await database.close();
console.log(seeded ? `seeded a fresh ${database.engine} database` : 'the database was already seeded');
