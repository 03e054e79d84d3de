/**
 * A private PostgreSQL cluster for the crash scenarios of part B: initdb into a temporary directory
 * (as the `postgres` user when run as root), on the helper's own port, so that it can be stopped
 * and restarted under load without touching the shared server.
 */
import { execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions
    .map((version) => path.join(root, version, 'bin'))
    .find((dir) => existsSync(path.join(dir, 'pg_ctl')));
  if (!found) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql/*/bin');
  return found;
}

export interface PrivateCluster {
  port: number;
  /** A URL of one database on the cluster. */
  url(database: string): string;
  createDatabase(name: string): Promise<string>;
  /** Starts the server; `settings` are `-c` options (e.g. `{ fsync: 'off' }`) for this run only. */
  start(settings?: Record<string, string>): Promise<void>;
  /** Fast shutdown: open sessions are cut, as in a restart or failover. */
  stop(): Promise<void>;
  destroy(): Promise<void>;
}

export async function createPrivateCluster(port: number): Promise<PrivateCluster> {
  const bin = binDir();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'crossmart-rel-ab-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(group.trim()));
    chmodSync(dir, 0o700);
  }
  // PostgreSQL refuses to run as root: its tools run as `postgres` then.
  const as = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);
  await as('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const cluster: PrivateCluster = {
    port,
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url('postgres') });
      await client.connect();
      await client.query(`create database ${name}`);
      await client.end();
      return url(name);
    },
    async start(settings = {}) {
      const options = [`-p ${port}`, `-k ${dir}`, "-c listen_addresses='127.0.0.1'", '-c max_connections=60'];
      for (const [name, value] of Object.entries(settings)) options.push(`-c ${name}=${value}`);
      await as('pg_ctl', [
        '-D',
        data,
        '-l',
        path.join(dir, 'server.log'),
        '-o',
        options.join(' '),
        '-w',
        '-t',
        '60',
        'start',
      ]);
    },
    async stop() {
      await as('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
    },
    async destroy() {
      await cluster.stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return cluster;
}
