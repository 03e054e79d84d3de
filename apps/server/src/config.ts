import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root, so that defaults do not depend on the working directory. */
export const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** PostgreSQL connection string; unset means embedded PGlite in DATA_DIR. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  DATA_DIR: z.string().min(1).default(path.join(rootDir, 'data')),
  /** Uploaded and generated images, served at /uploads/; default `<DATA_DIR>/uploads`. */
  UPLOAD_DIR: z.string().min(1).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  SEED_DEMO: booleanString.default(true),
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
  TRUST_PROXY: booleanString.default(false),
  /** How long one process reuses a public catalog answer (home, lists) per language and query; 0: never. */
  CATALOG_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
});

const configSchema = envSchema.transform((env) => ({
  ...env,
  // Absolute, whatever the working directory: the static file server requires it.
  UPLOAD_DIR: path.resolve(env.UPLOAD_DIR ?? path.join(env.DATA_DIR, 'uploads')),
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
