/**
 * One process at a time on an embedded data directory (ADR 0024). PGlite has no lock of its own: a
 * second process on the same files (a second `npm start`, a restart while the old server drains,
 * `npm run seed` beside a server) writes into them too and corrupts the database.
 *
 * The lock is a file beside the directory (`<dir>.lock`, so `npm run seed` can empty the directory
 * while holding it) naming the holder: its pid, and what tells that process from a later one given
 * the same pid (its start time and the boot, on Linux). A lock whose process is gone is stale and
 * taken over, so a killed server never blocks the next start.
 */
import { createHash, randomBytes } from 'node:crypto';
import { linkSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** What the lock file records. */
export interface LockHolder {
  pid: number;
  /** The process's start, in clock ticks since boot (`/proc/<pid>/stat` field 22); null off Linux. */
  startTime: string | null;
  /** `/proc/sys/kernel/random/boot_id`: a pid and start time from another boot are another process. */
  bootId: string | null;
  hostname: string;
  /** When it was taken (ISO 8601), for the operator. */
  since: string;
  /** Unique per lock taken, so that two locks of one process never read the same. */
  nonce: string;
}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock file if it is still this lock's; idempotent, synchronous (it also runs at exit). */
  release(): void;
}

/** A second opener of a held directory: the operator's message names the directory and the holder. */
export class DataDirLockedError extends Error {
  readonly dataDir: string;
  readonly lockFile: string;
  readonly holder: LockHolder;
  constructor(dataDir: string, lockFile: string, holder: LockHolder) {
    const who = holder.pid === process.pid ? `this process (${holder.pid})` : `process ${holder.pid}`;
    super(
      `The embedded database ${dataDir} is in use by ${who} on ${holder.hostname} since ${holder.since}. ` +
        `Stop that process first, or give this one another DATA_DIR (lock file: ${lockFile}).`,
    );
    this.name = 'DataDirLockedError';
    this.dataDir = dataDir;
    this.lockFile = lockFile;
    this.holder = holder;
  }
}

/** Command-line tools: a held directory ends the process with the message alone (status 1), not a stack trace. */
export function exitIfDataDirLocked(error: unknown): never {
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
}

/** A takeover claim older than this is from a taker that died between its two steps. */
const abandonedClaimMs = 10_000;

export function lockFileOf(dataDir: string): string {
  return `${path.resolve(dataDir)}.lock`;
}

/** Tests line up two takers of one stale lock: `beforeTakeover` runs once the lock is judged stale. */
export interface LockHooks {
  beforeTakeover?(): Promise<void>;
}

/**
 * Takes the directory's lock, or throws DataDirLockedError when a live process holds it. The
 * directory's parent must exist. Atomic: the record is written whole to a draft, then hard-linked
 * to the lock's name, which fails when the name exists.
 */
export async function lockDataDir(dataDir: string, hooks: LockHooks = {}): Promise<DataDirLock> {
  const file = lockFileOf(dataDir);
  const record = `${JSON.stringify(currentHolder())}\n`;
  const draft = `${file}.${process.pid}-${randomBytes(6).toString('hex')}.draft`;
  writeFileSync(draft, record, { flag: 'wx' });
  try {
    // Each round either takes the lock, refuses, or clears one stale lock; the bound only stops a bug looping.
    for (let round = 0; round < 1000; round += 1) {
      try {
        linkSync(draft, file);
        return heldLock(file, record);
      } catch (error) {
        if (errorCode(error) !== 'EEXIST') throw error;
      }
      const found = readIfPresent(file);
      if (found === undefined) continue;
      const holder = parseHolder(found);
      // An unreadable lock file cannot be a live holder's: a holder's file is complete before it has the name.
      if (holder && !isStale(holder)) throw new DataDirLockedError(path.resolve(dataDir), file, holder);
      await hooks.beforeTakeover?.();
      await removeStale(file, found);
    }
    throw new Error(`could not take the lock ${file}`);
  } finally {
    removeIfPresent(draft);
  }
}

/**
 * Removes the stale lock `content` from `file`, unless someone else already did. Two starters can
 * find the same stale lock; the one whose hard link to a claim name (derived from the content)
 * succeeds removes it, and only after checking that what it linked is that lock, not a newer one a
 * faster starter put in its place. The others loop and find either no lock or a live one.
 */
async function removeStale(file: string, content: string): Promise<void> {
  const claim = `${file}.stale-${createHash('sha256').update(content).digest('hex').slice(0, 16)}`;
  try {
    linkSync(file, claim);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOENT') return;
    if (code !== 'EEXIST') throw error;
    // link() updates the inode's ctime, so this is the claim's age.
    const claimed = statIfPresent(claim);
    if (claimed && Date.now() - claimed.ctimeMs > abandonedClaimMs) removeIfPresent(claim);
    else await sleep(20);
    return;
  }
  try {
    if (readIfPresent(claim) === content) removeIfPresent(file);
  } finally {
    removeIfPresent(claim);
  }
}

/** Locks held by this process, released at its exit (the database cannot be used past it anyway). */
const held = new Set<DataDirLock>();
let releasingAtExit = false;

function heldLock(file: string, record: string): DataDirLock {
  const lock: DataDirLock = {
    file,
    release() {
      if (!held.delete(lock)) return;
      // Never another holder's: only a lock judged stale is ever replaced, but a check costs nothing.
      if (readIfPresent(file) === record) removeIfPresent(file);
    },
  };
  held.add(lock);
  if (!releasingAtExit) {
    releasingAtExit = true;
    process.on('exit', () => {
      for (const lock of [...held]) lock.release();
    });
  }
  return lock;
}

/**
 * Stale when the holder's process is gone: another boot, no such pid, or the pid now belongs to a
 * process that started at another time (pids are reused, and a container's start has small ones).
 */
export function isStale(holder: LockHolder): boolean {
  const bootId = currentBootId();
  if (holder.bootId !== null && bootId !== null && holder.bootId !== bootId) return true;
  if (!isRunning(holder.pid)) return true;
  if (holder.startTime === null) return false;
  const startTime = startTimeOf(holder.pid);
  return startTime !== null && startTime !== holder.startTime;
}

function currentHolder(): LockHolder {
  return {
    pid: process.pid,
    startTime: startTimeOf(process.pid),
    bootId: currentBootId(),
    hostname: os.hostname(),
    since: new Date().toISOString(),
    nonce: randomBytes(8).toString('hex'),
  };
}

/** Field 22 of `/proc/<pid>/stat`; the command name (field 2) may hold spaces and parentheses, so count from its end. */
export function startTimeOf(pid: number): string | null {
  const stat = readProc(`/proc/${pid}/stat`);
  if (stat === null) return null;
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

let bootId: string | null | undefined;
function currentBootId(): string | null {
  bootId ??= readProc('/proc/sys/kernel/random/boot_id')?.trim() ?? null;
  return bootId;
}

/** A /proc file, or null: no /proc (not Linux), or the process is gone. */
function readProc(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return errorCode(error) === 'EPERM';
  }
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return undefined;
    const holder = value as Partial<LockHolder>;
    // pid 0 and negative pids name process groups to kill(), never one process.
    if (!Number.isInteger(holder.pid) || (holder.pid as number) <= 0 || typeof holder.nonce !== 'string')
      return undefined;
    return {
      pid: holder.pid as number,
      startTime: typeof holder.startTime === 'string' ? holder.startTime : null,
      bootId: typeof holder.bootId === 'string' ? holder.bootId : null,
      hostname: typeof holder.hostname === 'string' ? holder.hostname : 'an unknown host',
      since: typeof holder.since === 'string' ? holder.since : 'an unknown time',
      nonce: holder.nonce,
    };
  } catch {
    return undefined;
  }
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

function readIfPresent(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

function statIfPresent(file: string) {
  try {
    return statSync(file);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

function removeIfPresent(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
}
