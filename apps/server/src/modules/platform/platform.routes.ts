import {
  healthLiveSchema,
  healthReadySchema,
  healthSchema,
  type PublicConfig,
  publicConfigSchema,
  successEnvelope,
} from '@crossmart/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Lifecycle } from '../../ops/lifecycle.ts';
import { checkReadiness } from '../../ops/readiness.ts';
import { optionalUser } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { checkHealth, getPublicConfig } from './platform.service.ts';

export interface PlatformRouteOptions extends ModuleDeps {
  /** The wallet settings the client shows (fee rate, minimum withdrawal); admin-editable, read per call. */
  walletSettings?: () => Promise<PublicConfig['wallet']>;
  /** The process phase (migrating, ready, draining) that readiness reports. */
  lifecycle: Lifecycle;
}

export const platformRoutes: FastifyPluginAsyncZod<PlatformRouteOptions> = async (app, options) => {
  const { config, database, redis, lifecycle } = options;
  const publicConfig = getPublicConfig(config);

  app.get(
    '/api/config',
    {
      schema: {
        tags: ['platform'],
        summary: 'Currency, language and list settings',
        response: { 200: successEnvelope(publicConfigSchema) },
      },
    },
    async (request) =>
      ok(request, options.walletSettings ? { ...publicConfig, wallet: await options.walletSettings() } : publicConfig),
  );

  app.get(
    '/api/health',
    {
      onRequest: optionalUser,
      schema: {
        tags: ['platform'],
        summary: 'Database and Redis reachability',
        response: { 200: successEnvelope(healthSchema), 503: successEnvelope(healthSchema) },
      },
    },
    async (request, reply) => {
      const health = await checkHealth(database, redis);
      // Load balancers read the status; only admins learn which part is down and what runs it.
      const answer = request.user?.role === 'admin' ? health : { status: health.status };
      return reply.code(health.status === 'ok' ? 200 : 503).send(ok(request, answer));
    },
  );

  app.get(
    '/api/health/live',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness: the process answers (restart it when not)',
        response: { 200: successEnvelope(healthLiveSchema) },
      },
    },
    async (request) => ok(request, { status: 'ok' as const }),
  );

  app.get(
    '/api/health/ready',
    {
      schema: {
        tags: ['platform'],
        summary: 'Readiness: send this instance traffic (503 while migrating, draining or without PostgreSQL)',
        response: { 200: successEnvelope(healthReadySchema), 503: successEnvelope(healthReadySchema) },
      },
    },
    async (request, reply) => {
      const readiness = await checkReadiness(lifecycle, database);
      return reply.code(readiness.ready ? 200 : 503).send(ok(request, readiness));
    },
  );
};
