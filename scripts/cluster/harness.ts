/**
 * The moving parts of `npm run test:cluster`: server processes on the loopback, nginx in front of
 * them (a copy of deploy/nginx.conf with loopback ports), and a plain HTTP client.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: { code?: number; msg?: string; error?: string; data?: unknown } & Record<string, unknown>;
}

/**
 * One request on a new connection (no keep-alive): the test sees what a fresh client sees, and
 * a connection kept to an nginx worker that a reload retires cannot fail a request.
 */
export function request(
  base: string,
  method: 'GET' | 'POST',
  url: string,
  options: { body?: unknown; token?: string; key?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { lang: 'en' };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.token = options.token;
  if (options.key) headers['idempotency-key'] = options.key;
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${url}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: Answer['body'];
        try {
          body = JSON.parse(text) as Answer['body'];
        } catch {
          body = { raw: text };
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      });
      res.on('error', reject);
    });
    req.setTimeout(options.timeoutMs ?? 15_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(payload);
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  timeoutMs = 30_000,
  everyMs = 200,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

export interface Instance {
  name: string;
  port: number;
  managementPort: number;
  base: string;
  process?: ChildProcess;
  /** Parsed JSON log lines of every run of this instance. */
  logs: Record<string, unknown>[];
  exited?: Promise<number | null>;
}

/** startInstance runs the build: call this once before (it rebuilds only when the sources changed). */
export { ensureServerBuilt } from '../build-server.ts';

export function startInstance(
  instance: Instance,
  options: { root: string; env: Record<string, string>; logDir: string },
): void {
  const logFile = createWriteStream(path.join(options.logDir, `${instance.name}.log`), { flags: 'a' });
  // The compiled server, as `npm start` and the image run it (callers run ensureServerBuilt first).
  const child = spawn(process.execPath, [path.join(options.root, 'apps/server/dist/main.js')], {
    cwd: options.root,
    env: {
      ...options.env,
      PORT: String(instance.port),
      MANAGEMENT_PORT: String(instance.managementPort),
      DATA_DIR: path.join(options.logDir, `data-${instance.name}`),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let partial = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    logFile.write(chunk);
    partial += chunk.toString('utf8');
    const lines = partial.split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      try {
        instance.logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // Not a log line (a warning printed by Node): kept in the file only.
      }
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => logFile.write(chunk));
  instance.process = child;
  instance.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Ready as the instance itself says it (management port), the way an orchestrator would ask. */
export async function waitReady(instance: Instance, timeoutMs = 90_000): Promise<void> {
  await waitFor(
    `${instance.name} ready`,
    async () => {
      if (instance.process?.exitCode != null) throw new Error(`${instance.name} exited`);
      const answer = await request(`http://127.0.0.1:${instance.managementPort}`, 'GET', '/api/health/ready', {
        timeoutMs: 2000,
      });
      return answer.status === 200;
    },
    timeoutMs,
    250,
  );
}

export async function stopInstance(instance: Instance, signal: NodeJS.Signals): Promise<number | null> {
  const child = instance.process;
  if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
  child.kill(signal);
  return instance.exited ?? null;
}

/**
 * A copy of deploy/nginx.conf for the loopback: the upstream servers, the listen port and the
 * file paths are replaced, every other directive is the deployed one.
 */
export function nginxConfig(options: {
  root: string;
  dir: string;
  port: number;
  instances: Instance[];
  down?: ReadonlySet<string>;
}): string {
  const source = readFileSync(path.join(options.root, 'deploy/nginx.conf'), 'utf8');
  const upstreams = options.instances
    .map(
      (instance) =>
        `    server 127.0.0.1:${instance.port} max_fails=1 fail_timeout=3s${options.down?.has(instance.name) ? ' down' : ''};`,
    )
    .join('\n');
  const replaced = source
    .replace(/# cluster:upstreams-begin[\s\S]*?# cluster:upstreams-end/, `# test cluster\n${upstreams}`)
    .replace(/# cluster:listen\n\s*listen 80;/, `listen 127.0.0.1:${options.port};`)
    .replace(/^pid .*;$/m, `pid ${path.join(options.dir, 'nginx.pid')};`)
    .replace(/^error_log .*;$/m, `error_log ${path.join(options.dir, 'nginx-error.log')} warn;`)
    .replace(/access_log \/dev\/stdout/, `access_log ${path.join(options.dir, 'nginx-access.log')}`)
    .replace(
      /^http \{$/m,
      [
        'http {',
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
          (kind) => `  ${kind}_temp_path ${path.join(options.dir, `${kind}-temp`)};`,
        ),
      ].join('\n'),
    )
    .replace(/^worker_processes auto;$/m, 'worker_processes 2;');
  if (!replaced.includes(`127.0.0.1:${options.port}`)) throw new Error('deploy/nginx.conf: listen marker missing');
  if (!replaced.includes('# test cluster')) throw new Error('deploy/nginx.conf: upstream markers missing');
  return replaced;
}

export interface Nginx {
  base: string;
  /** Rewrites the config (e.g. an instance marked down) and reloads it gracefully. */
  reload(down: ReadonlySet<string>): Promise<void>;
  stop(): Promise<void>;
}

export async function startNginx(options: {
  root: string;
  dir: string;
  port: number;
  instances: Instance[];
}): Promise<Nginx> {
  mkdirSync(options.dir, { recursive: true });
  const configPath = path.join(options.dir, 'nginx.conf');
  writeFileSync(configPath, nginxConfig(options));
  const checked = spawnSync('nginx', ['-t', '-q', '-c', configPath, '-p', options.dir], { encoding: 'utf8' });
  if (checked.status !== 0) throw new Error(`nginx -t failed: ${checked.stderr}`);
  const child = spawn('nginx', ['-c', configPath, '-p', options.dir, '-g', 'daemon off;'], { stdio: 'inherit' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${options.port}`;
  await waitFor(
    'nginx',
    async () => (await request(base, 'GET', '/api/health/live', { timeoutMs: 2000 })).status === 200,
  );
  return {
    base,
    reload: async (down) => {
      writeFileSync(configPath, nginxConfig({ ...options, down }));
      child.kill('SIGHUP');
      // New workers take over within milliseconds; old ones finish their requests and leave.
      await sleep(300);
    },
    stop: async () => {
      child.kill('SIGQUIT');
      await Promise.race([exited, sleep(5000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** Reads a server-sent-event stream and collects the `data:` of its `message` events. */
export function openEventStream(url: string): { events: unknown[]; close(): void; opened: Promise<void> } {
  const events: unknown[] = [];
  let req: http.ClientRequest | undefined;
  const opened = new Promise<void>((resolve, reject) => {
    req = http.get(url, { agent: false }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`stream answered ${res.statusCode}`));
        return;
      }
      resolve();
      let buffer = '';
      res.on('data', (chunk: Buffer) => {
        buffer += chunk.toString('utf8');
        const blocks = buffer.split('\n\n');
        buffer = blocks.pop() ?? '';
        for (const block of blocks) {
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice('data: '.length))
            .join('\n');
          if (data && block.includes('event: message')) events.push(JSON.parse(data));
        }
      });
      res.on('error', () => {});
    });
    req.on('error', reject);
  });
  return { events, opened, close: () => req?.destroy() };
}
