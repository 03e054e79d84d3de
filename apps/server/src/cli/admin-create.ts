/**
 * `npm run admin:create -- --account NAME [--email ADDRESS] [--role super|support]`: creates an
 * admin account (role `super` unless given, docs/product-rules.md §1) on the
 * configured database (DATABASE_URL, else PGlite in DATA_DIR). The password is prompted for
 * (hidden, twice) on a terminal, or read from the first line of standard input otherwise:
 *   printf '%s\n' "$PASSWORD" | npm run admin:create -- --account ops
 * It is never taken from the command line, where other users could see it. The database is opened
 * (on PGlite: its directory locked, ADR 0024) and reached before the prompt, so a tool that cannot
 * run says so before anyone types a password.
 */
import { constants } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { accountFieldSchema, adminRoleSchema, emailFieldSchema, passwordFieldSchema } from '@crossmart/contract';
import { prepareDatabase } from '../bootstrap.ts';
import { readConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { exitIfDataDirLocked } from '../db/data-dir-lock.ts';
import { AppError } from '../errors.ts';
import { createUser, hashingFromConfig, payCodeKeys } from '../modules/accounts/index.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** A refusal once the database is open: reported after it is closed (and its lock released). */
class Refusal extends Error {}

/** Reads one line from a terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const { stdin, stdout } = process;
    stdout.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let value = '';
    const done = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.removeListener('data', onData);
      stdout.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return done();
        // Ctrl-C in raw mode is a character, not SIGINT.
        if (char === '\u0003') return done(new Refusal('Cancelled.'));
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else value += char;
      }
    };
    stdin.on('data', onData);
  });
}

async function readFirstLine(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readFirstLine();
  const first = await promptHidden('Password: ');
  const second = await promptHidden('Repeat password: ');
  if (first !== second) throw new Refusal('The two passwords do not match.');
  return first;
}

const { values } = parseArgs({
  options: { account: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' } },
  strict: true,
});
const account = accountFieldSchema.safeParse(values.account ?? '');
if (!account.success)
  fail('Usage: npm run admin:create -- --account NAME [--email ADDRESS] (3-32 letters, digits, _ . @ -)');
const adminRole = adminRoleSchema.safeParse(values.role ?? 'super');
if (!adminRole.success) fail('The role must be super or support.');
const email = values.email === undefined ? undefined : emailFieldSchema.safeParse(values.email);
if (email && !email.success) fail('The email address is not valid.');

const config = readConfig();
let database: DatabaseHandle | undefined;
// Stopped while it waits for the password (Ctrl-C on piped input, a closed terminal, a kill): the
// database is closed before the exit; stopped while it opens, the exit releases the lock (ADR 0024).
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    void Promise.resolve(database?.close()).finally(() => process.exit(128 + constants.signals[signal]));
  });
}
database = await openDatabase(
  config.DATABASE_URL ? { url: config.DATABASE_URL, poolSize: 2 } : { dataDir: path.join(config.DATA_DIR, 'pglite') },
).catch(exitIfDataDirLocked);
let refusal: string | undefined;
try {
  // Reachable before the prompt (a PostgreSQL pool connects only on its first query); migrations
  // and the account wait for an accepted password.
  await database.ping();
  const password = passwordFieldSchema.safeParse(await readPassword());
  if (!password.success) throw new Refusal('The password must have 6 to 128 characters.');
  await prepareDatabase(database, { seedDemo: false, uploadDir: config.UPLOAD_DIR, payCodes: payCodeKeys(config) });
  const user = await createUser(
    database.db,
    {
      account: account.data,
      password: password.data,
      role: 'admin',
      adminRole: adminRole.data,
      email: email?.data ?? null,
    },
    hashingFromConfig(config),
  );
  console.log(`created ${adminRole.data} admin "${user.account}" (id ${user.id}) on ${database.engine}`);
} catch (error) {
  if (error instanceof Refusal) refusal = error.message;
  else if (error instanceof AppError)
    refusal = `Not created: ${error.key === 'ACCOUNT_TAKEN' ? 'the account exists' : error.key}.`;
  else throw error;
} finally {
  await database.close();
}
if (refusal !== undefined) fail(refusal);
