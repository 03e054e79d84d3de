import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validate } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseConfig } from '../apps/server/src/config.ts';

/**
 * Issue 20 item 5: no container engine runs here, so the package is checked as far as it can be
 * without one: the Dockerfile by a Dockerfile validator and against the repository, the compose
 * file by parsing it and feeding its server settings to the server's own config schema.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  profiles?: string[];
  secrets?: string[];
}
const compose = parse(read('deploy/compose.yaml'), { merge: true }) as {
  services: Record<string, ComposeService>;
  secrets: Record<string, { file: string }>;
};

/** What `${NAME:?…}` / `${NAME:-default}` give with an operator's deploy/.env. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::[-?]([^}]*))?\}/g, (_all, name: string, fallback: string | undefined) =>
    name in env ? (env[name] ?? '') : (fallback ?? ''),
  );
}

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');

  it('passes the Dockerfile validator without a finding', () => {
    expect(validate(dockerfile)).toEqual([]);
  });

  it('is multi-stage on Node 24, runs as the node user, serves the built web app like npm start', () => {
    const stages = [...dockerfile.matchAll(/^FROM (\S+)(?: AS (\S+))?$/gm)].map((match) => match[2]);
    expect(stages).toEqual(['deps', 'web-build', 'server-build', 'runtime-deps', 'runtime']);
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-/m);
    const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime\n'));
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toContain('COPY --from=web-build /app/apps/web/dist apps/web/dist');
    expect(runtime).toContain('COPY --from=server-build /app/apps/server/dist apps/server/dist');
    expect(runtime).toMatch(/^CMD \["node", "apps\/server\/dist\/main\.js"\]$/m);
    expect(runtime).toMatch(/^HEALTHCHECK /m);
    // npm start runs the same compiled entry point after its build check.
    expect(JSON.parse(read('package.json')).scripts.start).toContain('node apps/server/dist/main.js');
  });

  it('copies only paths that exist, and the build context leaves out data, modules and secrets', () => {
    for (const match of dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)) {
      for (const source of (match[1] ?? '').split(' ')) expect(existsSync(path.join(root, source)), source).toBe(true);
    }
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', 'apps/web/dist', 'apps/server/dist', 'data', '.git', '**/.env'])
      expect(ignored).toContain(entry);
  });
});

describe('deploy/compose.yaml', () => {
  const { services } = compose;

  it('runs PostgreSQL, Redis, two server instances and nginx, each with a health check', () => {
    expect(Object.keys(services)).toEqual(
      expect.arrayContaining(['postgres', 'redis', 'server-1', 'server-2', 'nginx']),
    );
    for (const [name, service] of Object.entries(services)) expect(service.healthcheck?.test, name).toBeDefined();
    expect(services['server-1']?.healthcheck?.test.join(' ')).toContain('/api/health/ready');
    expect(services.nginx?.depends_on).toEqual({
      'server-1': { condition: 'service_healthy' },
      'server-2': { condition: 'service_healthy' },
    });
    expect(services['server-1']?.depends_on?.postgres?.condition).toBe('service_healthy');
  });

  it('publishes only nginx (and Prometheus on the loopback)', () => {
    const published = Object.entries(services).filter(([, service]) => service.ports?.length);
    expect(published.map(([name]) => name).sort()).toEqual(['nginx', 'prometheus']);
    expect(services.prometheus?.ports?.[0]).toMatch(/^127\.0\.0\.1:/);
  });

  it('gives the servers settings the server accepts in production', () => {
    const dotenv = { POSTGRES_PASSWORD: 'a-long-random-password', PAY_CODE_KEY_ID: 'k1' };
    for (const name of ['server-1', 'server-2']) {
      const service = services[name];
      expect(service?.build).toEqual({ context: '..', dockerfile: 'Dockerfile' });
      const env = Object.fromEntries(
        Object.entries(service?.environment ?? {}).map(([key, value]) => [key, interpolate(String(value), dotenv)]),
      );
      const config = parseConfig(env);
      expect(config.NODE_ENV).toBe('production');
      expect(config.SEED_DEMO).toBe(false);
      expect(config.TRUST_PROXY).toBe(1);
      expect(config.DATABASE_URL).toContain('@postgres:5432/');
      expect(config.REDIS_URL).toBe('redis://redis:6379');
      expect(config.MANAGEMENT_PORT).toBe(9464);
      expect(config.PAY_CODE_KEY_FILE).toBe('/run/secrets/pay_code_key');
      expect(service?.secrets).toEqual(['pay_code_key']);
    }
    expect(compose.secrets.pay_code_key?.file).toBe('./secrets/pay_code_key');
  });

  it('points nginx and Prometheus at the server instances', () => {
    expect(services.nginx?.volumes).toContain('./nginx.conf:/etc/nginx/nginx.conf:ro');
    const nginx = read('deploy/nginx.conf');
    expect(nginx).toContain('server server-1:3000');
    expect(nginx).toContain('server server-2:3000');
    const prometheus = parse(read('deploy/prometheus.yml')) as {
      scrape_configs: { job_name: string; static_configs: { targets: string[] }[] }[];
    };
    expect(prometheus.scrape_configs[0]?.static_configs[0]?.targets).toEqual(['server-1:9464', 'server-2:9464']);
  });
});
