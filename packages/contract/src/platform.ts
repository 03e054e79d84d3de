import { z } from 'zod';
import { languageFileSchema } from './languages.ts';

/** `GET /api/config`: what the client needs before its first screen. */
export const publicConfigSchema = z.object({
  currency: z.string().length(3),
  /** ISO 4217 minor-unit exponent: amounts are integers of 10^-exponent currency units. */
  currency_exponent: z.number().int().min(0).max(4),
  time_zone: z.string(),
  default_language: languageFileSchema,
  fallback_language: languageFileSchema,
  page_limit: z.number().int(),
  max_page_limit: z.number().int(),
  /** Wallet settings (docs/product-rules.md §2), admin-editable: withdrawal fee in basis points, minimum withdrawal. */
  wallet: z.object({ withdrawal_fee_bp: z.number().int(), min_withdrawal: z.number().int() }).optional(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

const componentStatusSchema = z.enum(['ok', 'down', 'disabled']);

/** `GET /api/health`: everyone gets `status`; admins also get the parts (less to learn for a stranger). */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: componentStatusSchema.optional(),
  database_engine: z.enum(['pglite', 'postgres']).optional(),
  redis: componentStatusSchema.optional(),
  uptime_s: z.number().optional(),
});
export type Health = z.infer<typeof healthSchema>;

/** `GET /api/health/live`: the process runs and answers (restart it when this fails). */
export const healthLiveSchema = z.object({ status: z.literal('ok') });
export type HealthLive = z.infer<typeof healthLiveSchema>;

/** Why an instance does or does not take traffic; only `ready` does. */
export const readinessStateSchema = z.enum(['starting', 'migrating', 'ready', 'draining', 'database_unreachable']);
export type ReadinessState = z.infer<typeof readinessStateSchema>;

/**
 * `GET /api/health/ready`: whether a load balancer should send this instance requests (503 when
 * not). Not ready while the database is prepared (migrations), while shutting down, or while
 * PostgreSQL does not answer.
 */
export const healthReadySchema = z.object({ ready: z.boolean(), state: readinessStateSchema });
export type HealthReady = z.infer<typeof healthReadySchema>;
