import { randomBytes } from 'node:crypto';

/**
 * The settings production requires beyond the defaults (config.ts refuses to start without them):
 * Redis for the limits shared across instances, under a namespace of the caller's own, and a
 * payment-code key. For the benches and tests that run the server as it is deployed.
 */
export function productionEnv(namespace: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_NAMESPACE: namespace,
    PAY_CODE_KEY: randomBytes(32).toString('hex'),
  };
}
