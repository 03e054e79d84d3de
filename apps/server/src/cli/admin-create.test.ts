import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { runNode } from '../test/node-process.ts';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'admin-create.ts');
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** Runs the CLI on its own PGlite directory, the password piped on standard input. */
function run(dataDir: string, args: string[], input: string): Promise<{ code: number | null; out: string }> {
  return runNode([script, ...args], { DATA_DIR: dataDir, DATABASE_URL: '', ARGON2_MEMORY_KIB: '1024' }, input);
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
});
