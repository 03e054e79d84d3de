import type { HealthReady } from '@crossmart/contract';
import type { DatabaseHandle } from '../db/client.ts';
import type { Lifecycle } from './lifecycle.ts';

/** A database that does not answer this fast counts as unreachable for readiness. */
const pingTimeoutMs = 1500;

async function answersWithin(check: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([check().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Ready means: prepared (migrations and reference data done), not draining, and PostgreSQL
 * answers. Redis is not part of it: every instance shares the one Redis, so taking them all out
 * of the load balancer when it is away would turn a degraded service into none (the detailed
 * `/api/health` reports Redis).
 */
export async function checkReadiness(lifecycle: Lifecycle, database: DatabaseHandle): Promise<HealthReady> {
  if (lifecycle.phase !== 'ready') return { ready: false, state: lifecycle.phase };
  const reachable = await answersWithin(() => database.ping(), pingTimeoutMs);
  // The phase may have moved on while we waited (a shutdown signal).
  if (lifecycle.phase !== 'ready') return { ready: false, state: lifecycle.phase };
  return reachable ? { ready: true, state: 'ready' } : { ready: false, state: 'database_unreachable' };
}
