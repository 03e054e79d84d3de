import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { defaultConflictRetries } from './db/conflict-retry.ts';

/** The repository root, so that defaults do not depend on the working directory. */
export const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A secret key given as hex or base64(url); at least 32 bytes once decoded. */
export function decodeKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  const bytes = /^[0-9a-f]+$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64url');
  return bytes.length >= 32 ? bytes : undefined;
}

const keySchema = z.string().transform((text, ctx) => {
  const key = decodeKey(text);
  if (!key) ctx.addIssue({ code: 'custom', message: 'must be at least 32 bytes, hex or base64' });
  return key ?? Buffer.alloc(0);
});
const keyIdSchema = z.string().regex(/^[\w-]{1,32}$/);

/** An IPv4 or IPv6 address, optionally with a /prefix (a proxy or a proxy subnet). */
const proxyAddressPattern = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-fA-F:]*:[0-9a-fA-F:.]*)(?:\/\d{1,3})?$/;

/**
 * Which proxies may set X-Forwarded-For: a hop count or a list of addresses. "Trust everything"
 * (true) would let any client choose its own IP and so escape every per-IP limit.
 */
const trustProxySchema = z.string().transform((value, ctx): false | number | string[] => {
  const text = value.trim();
  if (text === 'false' || text === 'no') return false;
  if (/^\d{1,2}$/.test(text)) return Number(text) === 0 ? false : Number(text);
  const list = text.split(',').map((part) => part.trim());
  if (list.every((part) => proxyAddressPattern.test(part))) return list;
  ctx.addIssue({ code: 'custom', message: 'must be a hop count or a comma-separated list of proxy addresses' });
  return z.NEVER;
});

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** PostgreSQL connection string; unset means embedded PGlite in DATA_DIR. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  /** Runs again of a transaction PostgreSQL ended with a deadlock or serialization failure (ADR 0025). */
  DATABASE_CONFLICT_RETRIES: z.coerce.number().int().min(0).max(10).default(defaultConflictRetries),
  /**
   * Start on a PostgreSQL that runs with `fsync` or `synchronous_commit` off (a throwaway test
   * database); otherwise the server refuses, since an acknowledged payment could vanish in a crash.
   */
  DATABASE_ALLOW_NON_DURABLE: booleanString.default(false),
  DATA_DIR: z.string().min(1).default(path.join(rootDir, 'data')),
  /** Uploaded and generated images, served at /uploads/; default `<DATA_DIR>/uploads`. */
  UPLOAD_DIR: z.string().min(1).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Prefix of every Redis key and channel, so that deployments (or test clusters) sharing one Redis stay apart. */
  REDIS_NAMESPACE: z
    .string()
    .regex(/^[\w.-]{1,64}$/)
    .default('crossmart'),
  /** Demo data on an empty database; defaults to true except in production, where it is refused. */
  SEED_DEMO: booleanString.optional(),
  CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('JPY'),
  TIME_ZONE: z.string().min(1).default('Asia/Tokyo'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  WEB_DIST_DIR: z.string().min(1).default(path.join(rootDir, 'apps/web/dist')),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /**
   * After SIGTERM, how long to keep serving while readiness already answers 503, so that a load
   * balancer polling it stops sending requests before the listener closes; 0 with plain nginx.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /** Bearer token that opens GET /metrics on the public port; unset: /metrics answers 404 there. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** A second listener for /metrics and /api/health/{live,ready} without token, up before migrations; unset: none. */
  MANAGEMENT_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Address of the management listener; keep it private (loopback or the cluster network). */
  MANAGEMENT_HOST: z.string().min(1).default('127.0.0.1'),
  TRUST_PROXY: trustProxySchema.default(false),
  /** argon2id cost for passwords and payment codes; the defaults are OWASP's (19 MiB, 2 passes, 1 lane). */
  ARGON2_MEMORY_KIB: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024)
    .default(19 * 1024),
  ARGON2_TIME_COST: z.coerce.number().int().min(1).max(10).default(2),
  ARGON2_PARALLELISM: z.coerce.number().int().min(1).max(8).default(1),
  /** Failed logins one IP may make in 15 minutes. */
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(30),
  /** Failed logins one account name may receive in 15 minutes (the account lock after 10 is separate). */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(20),
  /** Registrations one IP may make in an hour. */
  REGISTER_MAX_PER_IP: z.coerce.number().int().min(1).default(20),
  /** Reset-code requests and code-based resets one IP may make in an hour. */
  RESET_MAX_PER_IP: z.coerce.number().int().min(1).default(10),
  /** Outgoing mail: SMTP when SMTP_HOST is set; otherwise mail stays in the outbox table. */
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  /** true: TLS from the start (port 465); false: STARTTLS when the server offers it. */
  SMTP_SECURE: booleanString.default(false),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASSWORD: z.string().min(1).optional(),
  /** Payment evidence and refund proofs (owner and admins only); default DATA_DIR/private-uploads. */
  PRIVATE_UPLOAD_DIR: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default('Crossmart <no-reply@crossmart.invalid>'),
  /** Event-loop delay past which the server answers 503 instead of queueing more work; 0: never (tests). */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(2000),
  /** Embedded engine only (ADR 0022): PGlite in a worker thread of its own, or inline on the server's thread. */
  EMBEDDED_DATABASE_THREAD: z.enum(['worker', 'inline']).default('worker'),
  /** Embedded engine only (ADR 0017): API requests that run at once; the others wait in arrival order. 0: no queue. */
  EMBEDDED_CONCURRENT_REQUESTS: z.coerce.number().int().min(0).default(2),
  /** Embedded engine only: longest wait for a turn before the answer is 503 (a client gives up at about 10 s). */
  EMBEDDED_QUEUE_MAX_WAIT_MS: z.coerce.number().int().min(1).default(5000),
  /** Embedded engine only: waiting requests past which a new one is answered 503 at once. */
  EMBEDDED_QUEUE_MAX_WAITING: z.coerce.number().int().min(1).default(1000),
  /** How long one process reuses a public catalog answer (home, lists) per language and query; 0: never. */
  CATALOG_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** How often each server writes the searches it counted (popular searches); 0: only when it stops. */
  SEARCH_FLUSH_INTERVAL_MS: z.coerce.number().int().min(0).default(30_000),
  /** Lets an admin run the order sweeps with a clock moved ahead (end-to-end tests); never in production. */
  ORDER_TEST_CLOCK: booleanString.default(false),
  /** How often each server runs the order sweeps; 0 turns them off (tests drive them by hand). */
  ORDER_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).default(30_000),
  /** How often each server deletes old idempotency keys, ended sessions, dead reset codes and sent mail; 0: off. */
  HOUSEKEEPING_INTERVAL_MS: z.coerce.number().int().min(0).default(3_600_000),
  /** The payment-code HMAC key (ADR 0011), hex or base64, ≥ 32 bytes; required in production (or the file). */
  PAY_CODE_KEY: keySchema.optional(),
  /** A file holding the key (a mounted secret); read at start, created with a new key when missing. */
  PAY_CODE_KEY_FILE: z.string().min(1).optional(),
  /** The current key's id, stored beside every code so that keys can rotate. */
  PAY_CODE_KEY_ID: keyIdSchema.default('k1'),
  /** Older keys that still verify during a rotation: `id:key,id:key`; codes move to the current key on use. */
  PAY_CODE_PREVIOUS_KEYS: z
    .string()
    .transform((text, ctx) =>
      text.split(',').map((pair): [string, Buffer] => {
        const [id = '', key = ''] = pair.split(':');
        const bytes = decodeKey(key);
        if (!keyIdSchema.safeParse(id).success || !bytes) {
          ctx.addIssue({ code: 'custom', message: 'must be id:key pairs, keys of at least 32 bytes' });
        }
        return [id, bytes ?? Buffer.alloc(0)];
      }),
    )
    .default([]),

  /** Show the admin routes in /api/docs in production too (they are always shown outside production). */
  API_DOCS_ADMIN: booleanString.default(false),
  /** A session ends this many days after login however often it is used (the 3-day expiry slides within it). */
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Checkout previews and order creations one user may make per minute. */
  ORDER_PREVIEW_MAX_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  ORDER_CREATE_MAX_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Pictures one user may upload per minute, and in any 24 hours (issue 17). */
  UPLOAD_MAX_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  UPLOAD_MAX_PER_DAY: z.coerce.number().int().min(1).default(200),
  /** Where uploads are stored: the local disk (UPLOAD_DIR, PRIVATE_UPLOAD_DIR) or an S3-compatible bucket. */
  UPLOAD_STORAGE: z.enum(['local', 's3']).default('local'),
  /** The S3-compatible endpoint (MinIO, Ceph, R2, …); unset: AWS itself for S3_REGION. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style addressing (endpoint/bucket/key), which most S3-compatible servers expect. */
  S3_FORCE_PATH_STYLE: booleanString.default(true),
  /** Prepended to every object key (e.g. `crossmart/`), so one bucket can serve several deployments. */
  S3_PREFIX: z
    .string()
    .regex(/^[\w./-]*$/)
    .default(''),
});

const configSchema = envSchema
  .refine((env) => !(env.ORDER_TEST_CLOCK && env.NODE_ENV === 'production'), {
    path: ['ORDER_TEST_CLOCK'],
    error: 'must not be true in production',
  })
  .refine((env) => !(env.DATABASE_ALLOW_NON_DURABLE && env.NODE_ENV === 'production'), {
    path: ['DATABASE_ALLOW_NON_DURABLE'],
    error: 'must not be true in production',
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.PAY_CODE_KEY || env.PAY_CODE_KEY_FILE, {
    path: ['PAY_CODE_KEY'],
    error: 'is required in production (or PAY_CODE_KEY_FILE)',
  })
  .refine((env) => !(env.SEED_DEMO === true && env.NODE_ENV === 'production'), {
    path: ['SEED_DEMO'],
    error: 'must not be true in production (it creates accounts with published passwords)',
  })
  .refine((env) => !(env.NODE_ENV === 'production' && !env.REDIS_URL), {
    path: ['REDIS_URL'],
    error: 'is required in production (login, reset and upload limits must hold across instances)',
  })
  .superRefine((env, ctx) => {
    if (env.UPLOAD_STORAGE !== 's3') return;
    for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when UPLOAD_STORAGE=s3' });
    }
  })
  .transform((env) => ({
    ...env,
    SEED_DEMO: env.SEED_DEMO ?? env.NODE_ENV !== 'production',
    // Absolute, whatever the working directory: the static file server requires it.
    UPLOAD_DIR: path.resolve(env.UPLOAD_DIR ?? path.join(env.DATA_DIR, 'uploads')),
    PRIVATE_UPLOAD_DIR: path.resolve(env.PRIVATE_UPLOAD_DIR ?? path.join(env.DATA_DIR, 'private-uploads')),
  }));

export type Config = z.infer<typeof configSchema>;
type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  readonly keys: string[];
  constructor(issues: z.core.$ZodIssue[]) {
    const lines = issues.map((issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    super(`Invalid configuration:\n${lines.join('\n')}`);
    this.name = 'ConfigError';
    this.keys = [...new Set(issues.map((issue) => issue.path.join('.')))];
  }
}

/** Parses an environment; empty strings count as unset. Throws ConfigError listing every bad key. */
export function parseConfig(env: Env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = configSchema.safeParse(present);
  if (!result.success) throw new ConfigError(result.error.issues);
  return result.data;
}

/** The only place that reads the process environment. */
export function readConfig(overrides: Env = {}): Config {
  return parseConfig({ ...process.env, ...overrides });
}
