import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { lockFileOf } from '../db/data-dir-lock.ts';
import { users } from '../db/schema/index.ts';
import { runNode } from '../test/node-process.ts';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'admin-create.ts');
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/**
 * Runs the CLI on its own PGlite directory, the password piped on standard input (`null`: the
 * input stays open and empty, as while nobody has typed yet; `signal` stops the process).
 */
function run(
  dataDir: string,
  args: string[],
  input: string | null,
  signal?: AbortSignal,
): Promise<{ code: number | null; out: string }> {
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', ARGON2_MEMORY_KIB: '1024' };
  return runNode([script, ...args], env, input, signal ? { signal } : {});
}

describe('npm run admin:create', () => {
  it('creates an admin with the password from stdin, and refuses a taken account or a short password', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'crossmart-admin-'));
    dirs.push(dataDir);
    const created = await run(dataDir, ['--account', 'ops', '--email', 'ops@example.com'], 'long-secret-1\n');
    expect(created.out).toContain('created super admin "ops"');
    expect(created.code).toBe(0);
    const support = await run(dataDir, ['--account', 'helpdesk', '--role', 'support'], 'long-secret-2\n');
    expect(support.out).toContain('created support admin "helpdesk"');
    expect((await run(dataDir, ['--account', 'ops3', '--role', 'owner'], 'long-secret-3\n')).code).toBe(1);
    expect((await run(dataDir, ['--account', 'OPS'], 'another-secret\n')).code).toBe(1);
    expect((await run(dataDir, ['--account', 'ops2'], 'short\n')).code).toBe(1);
    expect((await run(dataDir, [], 'long-secret-1\n')).code).toBe(1);

    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    try {
      const rows = await database.db.select().from(users).where(eq(users.account, 'ops'));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ role: 'admin', adminRole: 'super', email: 'ops@example.com', status: 'active' });
      const [helpdesk] = await database.db.select().from(users).where(eq(users.account, 'helpdesk'));
      expect(helpdesk).toMatchObject({ role: 'admin', adminRole: 'support' });
      expect(rows[0]?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await database.db.select().from(users).where(eq(users.account, 'ops2'))).toHaveLength(0);
    } finally {
      await database.close();
    }
    // Four Node processes, two of which migrate a fresh PGlite: slow on a busy 2-core machine.
  }, 120_000);

  it('reports a held data directory before asking for the password, and releases its lock when it refuses or is stopped', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'crossmart-admin-'));
    dirs.push(dataDir);
    const pglite = path.join(dataDir, 'pglite');
    const lockFile = lockFileOf(pglite);

    // Held by this process: reported at once, while standard input is still open and empty (the
    // timeout only ends a tool that waits for the password first).
    const holder = await openDatabase({ dataDir: pglite });
    let held: { code: number | null; out: string };
    try {
      held = await run(dataDir, ['--account', 'ops'], null, AbortSignal.timeout(30_000));
    } finally {
      await holder.close();
    }
    expect(held.out).toContain(`is in use by process ${process.pid}`);
    expect(held.out).not.toMatch(/password/i);
    expect(held.code).toBe(1);

    // A refused password and a taken account: the database was open, and its lock is gone.
    expect(await run(dataDir, ['--account', 'ops'], 'long-secret-1\n')).toMatchObject({ code: 0 });
    const short = await run(dataDir, ['--account', 'ops2'], 'short\n');
    expect(short).toMatchObject({ code: 1, out: expect.stringContaining('The password must have') });
    expect(existsSync(lockFile)).toBe(false);
    const taken = await run(dataDir, ['--account', 'ops'], 'long-secret-2\n');
    expect(taken).toMatchObject({ code: 1, out: expect.stringContaining('the account exists') });
    expect(existsSync(lockFile)).toBe(false);

    // Stopped while it waits for the password (SIGTERM once it holds the lock): closed, lock released.
    const stop = new AbortController();
    const waiting = run(dataDir, ['--account', 'ops3'], null, stop.signal);
    const deadline = Date.now() + 60_000;
    while (!existsSync(lockFile) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(existsSync(lockFile)).toBe(true);
    stop.abort();
    expect((await waiting).code).toBe(143);
    expect(existsSync(lockFile)).toBe(false);
  }, 120_000);
});
