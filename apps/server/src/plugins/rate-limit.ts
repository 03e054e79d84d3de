import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
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
