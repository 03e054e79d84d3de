import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { AppError } from '../errors.ts';

/**
 * Rate limits are opt-in per route (`config.rateLimit`). With Redis they are shared by every
 * server instance; without it each process counts on its own.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: { redis?: Redis | undefined; namespace: string }) => {
    await app.register(rateLimit, {
      global: false,
      ...(options.redis ? { redis: options.redis } : {}),
      nameSpace: `${options.namespace}:rl:`,
      errorResponseBuilder: (_request, context) =>
        new AppError('RATE_LIMITED', { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
    });
  },
  { name: 'rate-limit' },
);

/**
 * A counting limit for a route handler: every call counts, the one past `max` in `timeWindow` ms is
 * refused with RATE_LIMITED. Shared by every instance when Redis is configured.
 */
export function countingLimit(
  app: FastifyInstance,
  options: { max: number; timeWindow: number; key: (request: FastifyRequest) => string },
): (request: FastifyRequest) => Promise<void> {
  const limiter = app.createRateLimit({ max: options.max, timeWindow: options.timeWindow, keyGenerator: options.key });
  return async (request) => {
    const state = await limiter(request);
    if (!state.isAllowed && state.isExceeded) {
      throw new AppError('RATE_LIMITED', { seconds: Math.max(1, Math.ceil(state.ttl / 1000)) });
    }
  };
}
