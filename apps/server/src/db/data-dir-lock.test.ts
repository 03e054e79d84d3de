import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { runNode } from '../test/node-process.ts';
import { openDatabase } from './client.ts';
import { DataDirLockedError, type LockHolder, lockDataDir, lockFileOf, startTimeOf } from './data-dir-lock.ts';

const serverSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lockModule = path.join(serverSrc, 'db', 'data-dir-lock.ts');

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** A fresh DATA_DIR; the embedded database goes in its `pglite` folder, as the server puts it. */
async function dataRoot(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'crossmart-lock-'));
  dirs.push(dir);
  return dir;
}

/** Every file under `dir` with the hash of its bytes: what "the data is untouched" compares. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, file)] = createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
  }
  return files;
}

/**
 * A process that takes the lock of `dataDir` (from `goAt`, epoch ms, so that several try at once),
 * prints `locked` or the error's name, then holds it until killed, or exits at once with `exit`.
 */
function lockingProcess(dataDir: string, options: { goAt?: number; exit?: boolean } = {}) {
  const script = `
    const { lockDataDir } = await import(process.argv[1]);
    while (Date.now() < Number(process.argv[3])) {}
    try {
      await lockDataDir(process.argv[2]);
      console.log('locked');
    } catch (error) {
      console.log(error.name);
      process.exit(3);
    }
    if (process.argv[4] === 'exit') process.exit(0);
    setInterval(() => {}, 1000);
  `;
  const args = ['--input-type=module', '-e', script, lockModule, dataDir, String(options.goAt ?? 0)];
  const child = spawn(process.execPath, [...args, options.exit ? 'exit' : 'hold'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += String(chunk);
  });
  child.stderr.on('data', (chunk) => {
    out += String(chunk);
  });
  const exited = once(child, 'exit');
  const said = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      if (out.includes('\n')) resolve(out.trim());
    });
    child.on('exit', () => resolve(out.trim()));
    child.on('error', reject);
  });
  return { child, said, exited };
}

/** A pid no process has: one of a child that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await once(child, 'exit');
  if (child.pid === undefined) throw new Error('no pid');
  return child.pid;
}

function writeLock(dataDir: string, holder: Partial<LockHolder>): void {
  const record: LockHolder = {
    pid: process.pid,
    startTime: startTimeOf(process.pid),
    bootId: readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(),
    hostname: 'elsewhere',
    since: '2026-01-01T00:00:00.000Z',
    nonce: 'n0',
    ...holder,
  };
  writeFileSync(lockFileOf(dataDir), JSON.stringify(record));
}

describe('embedded data directory lock', () => {
  it('refuses a second opener in this process, naming the directory and the holder, until the first closes', async () => {
    const dataDir = path.join(await dataRoot(), 'pglite');
    const first = await openDatabase({ dataDir });
    const refused = await openDatabase({ dataDir, thread: 'worker' }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as Error).message).toContain(dataDir);
    expect((refused as Error).message).toContain(`this process (${process.pid})`);
    await expect(lockDataDir(dataDir)).rejects.toThrow(DataDirLockedError);

    await first.close();
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
    const second = await openDatabase({ dataDir, thread: 'worker' });
    await expect(lockDataDir(dataDir)).rejects.toThrow(DataDirLockedError);
    await second.close();
    const third = await lockDataDir(dataDir);
    third.release();
    expect(await readdir(path.dirname(dataDir))).toEqual(['pglite']);
  }, 120_000);

  it('refuses a second server on the same DATA_DIR before it touches the data (no seed, no migration)', async () => {
    const root = await dataRoot();
    const dataDir = path.join(root, 'pglite');
    const database = await openDatabase({ dataDir });
    try {
      await database.db.execute(sql`create table kept (id int primary key)`);
      await database.db.execute(sql`insert into kept values (1)`);
      await database.db.execute(sql`checkpoint`);
      const before = await snapshot(dataDir);
      const server = await runNode([path.join(serverSrc, 'main.ts')], {
        DATA_DIR: root,
        PORT: '0',
        HOST: '127.0.0.1',
        SEED_DEMO: 'true',
        EMBEDDED_DATABASE_THREAD: 'worker',
      });
      expect(server.code).toBe(1);
      expect(server.out).toContain(`The embedded database ${dataDir} is in use by process ${process.pid}`);
      expect(server.out).not.toMatch(/^\s+at /m);
      expect(await snapshot(dataDir)).toEqual(before);
      // Nothing else of the server's either: no uploads folder, no generated payment-code key.
      expect((await readdir(root)).sort()).toEqual(['pglite', 'pglite.lock']);
      const { rows } = await database.db.execute<{ id: number }>(sql`select id from kept`);
      expect(rows).toEqual([{ id: 1 }]);
    } finally {
      await database.close();
    }
    // A Node process loading the whole server: slow on a busy 2-core machine.
  }, 120_000);

  it('keeps npm run seed from wiping a directory a server has open', async () => {
    const root = await dataRoot();
    const dataDir = path.join(root, 'pglite');
    const database = await openDatabase({ dataDir });
    try {
      await database.db.execute(sql`create table kept (id int primary key)`);
      await database.db.execute(sql`checkpoint`);
      const before = await snapshot(dataDir);
      const seed = await runNode([path.join(serverSrc, 'seed', 'cli.ts')], { DATA_DIR: root });
      expect(seed.code).toBe(1);
      expect(seed.out.trim().startsWith(`The embedded database ${dataDir} is in use by process ${process.pid} `)).toBe(
        true,
      );
      expect(await snapshot(dataDir)).toEqual(before);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('refuses while another process holds the lock, and takes it over once that process is killed (SIGKILL)', async () => {
    const dataDir = path.join(await dataRoot(), 'pglite');
    const holder = lockingProcess(dataDir);
    expect(await holder.said).toBe('locked');
    const refused = await lockDataDir(dataDir).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as DataDirLockedError).holder.pid).toBe(holder.child.pid);

    holder.child.kill('SIGKILL');
    await holder.exited;
    expect(existsSync(lockFileOf(dataDir))).toBe(true);
    const lock = await lockDataDir(dataDir);
    expect(JSON.parse(readFileSync(lockFileOf(dataDir), 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  }, 60_000);

  it('takes over a lock whose pid is gone', async () => {
    const dataDir = path.join(await dataRoot(), 'pglite');
    writeLock(dataDir, { pid: await deadPid() });
    const lock = await lockDataDir(dataDir);
    expect(JSON.parse(readFileSync(lockFileOf(dataDir), 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  });

  it('tells a reused pid from its holder: a live pid that started at another time, or in another boot, is stale', async () => {
    const dataDir = path.join(await dataRoot(), 'pglite');
    // The control: this very process (pid, start time and boot) holds it.
    writeLock(dataDir, {});
    await expect(lockDataDir(dataDir)).rejects.toThrow(DataDirLockedError);

    writeLock(dataDir, { startTime: '1' });
    (await lockDataDir(dataDir)).release();

    writeLock(dataDir, { bootId: '00000000-0000-0000-0000-000000000000' });
    (await lockDataDir(dataDir)).release();

    // Not a lock this code wrote whole (a torn write on a crashed disk): no live holder can own it.
    writeFileSync(lockFileOf(dataDir), '{"pid":');
    (await lockDataDir(dataDir)).release();
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  });

  it('lets one of two takers lined up on the same stale lock win: the second never removes the first one’s lock', async () => {
    const dataDir = path.join(await dataRoot(), 'pglite');
    writeLock(dataDir, { pid: await deadPid() });
    // The first pauses once it judged the lock stale, so the second reads the same stale lock; the
    // second then waits until the first holds the lock before it goes on to remove what it judged.
    const first = lockDataDir(dataDir, { beforeTakeover: () => Promise.resolve() });
    const second = lockDataDir(dataDir, { beforeTakeover: () => first.then(() => undefined) });
    const [won, lost] = await Promise.allSettled([first, second]);
    expect(won.status).toBe('fulfilled');
    expect(lost.status === 'rejected' && lost.reason).toBeInstanceOf(DataDirLockedError);
    expect(existsSync(lockFileOf(dataDir))).toBe(true);
    if (won.status === 'fulfilled') won.value.release();
    expect(await readdir(path.dirname(dataDir))).toEqual([]);
  });

  it('lets exactly one of several processes take over the same stale lock', async () => {
    const dataDir = path.join(await dataRoot(), 'pglite');
    writeLock(dataDir, { pid: await deadPid() });
    const goAt = Date.now() + 3000;
    const takers = Array.from({ length: 6 }, () => lockingProcess(dataDir, { goAt }));
    const said = await Promise.all(takers.map((taker) => taker.said));
    expect(said.filter((word) => word === 'locked')).toHaveLength(1);
    expect(said.filter((word) => word === 'DataDirLockedError')).toHaveLength(5);
    const winner = takers[said.indexOf('locked')];
    expect(JSON.parse(readFileSync(lockFileOf(dataDir), 'utf8'))).toMatchObject({ pid: winner?.child.pid });
    // No drafts or takeover claims left behind.
    expect(await readdir(path.dirname(dataDir))).toEqual(['pglite.lock']);
  }, 60_000);

  it('releases the lock when its process exits without closing', async () => {
    const dataDir = path.join(await dataRoot(), 'pglite');
    const holder = lockingProcess(dataDir, { exit: true });
    expect(await holder.said).toBe('locked');
    await holder.exited;
    expect(holder.child.exitCode).toBe(0);
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  }, 60_000);
});
