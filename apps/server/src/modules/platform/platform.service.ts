import { defaultLanguage, fallbackLanguage, type Health, type PublicConfig, pageLimits } from '@crossmart/contract';
import type { Redis } from 'ioredis';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';

/** ISO 4217 minor-unit exponent, as the runtime's currency data knows it (JPY 0, USD 2, KWD 3). */
export function currencyExponent(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 0;
}

export function getPublicConfig(config: Config): PublicConfig {
  return {
    currency: config.CURRENCY,
    currency_exponent: currencyExponent(config.CURRENCY),
    time_zone: config.TIME_ZONE,
    default_language: defaultLanguage,
    fallback_language: fallbackLanguage,
    page_limit: pageLimits.defaultLimit,
    max_page_limit: pageLimits.maxLimit,
  };
}

const startedAt = Date.now();

async function probe(check: () => Promise<unknown>, timeoutMs: number): Promise<'ok' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

export async function checkHealth(database: DatabaseHandle, redis: Redis | undefined): Promise<Health> {
  const [db, cache] = await Promise.all([
    probe(() => database.ping(), 2000),
    redis ? probe(() => redis.ping(), 2000) : Promise.resolve('disabled' as const),
  ]);
  return {
    status: db === 'ok' && cache !== 'down' ? 'ok' : 'degraded',
    database: db,
    database_engine: database.engine,
    redis: cache,
    uptime_s: Math.round((Date.now() - startedAt) / 1000),
  };
}
