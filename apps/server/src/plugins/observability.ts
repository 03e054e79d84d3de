import { timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Metrics } from '../ops/metrics.ts';
import { contextLogger, onMoneyMovement, runWithLogger } from '../shared/log-context.ts';
import { sendFailure } from './envelope.ts';

/** pino's child loggers can add fields to every later line; Fastify's no-op logger cannot. */
type BindableLogger = FastifyBaseLogger & { setBindings?: (bindings: Record<string, unknown>) => void };

/** Adds fields to every later log line of this request (route now, the user once authenticated). */
export function bindLogFields(request: FastifyRequest, fields: Record<string, unknown>): void {
  (request.log as BindableLogger).setBindings?.(fields);
}

/** Fastify's logger when logging is off (`logger: false`) has no `isLevelEnabled` and writes nothing. */
function isInfoEnabled(log: FastifyBaseLogger): boolean {
  const withLevels = log as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
  return withLevels.isLevelEnabled?.('info') ?? false;
}

function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
}

export interface ObservabilityOptions {
  metrics: Metrics;
  /** Bearer token that opens `/metrics` on the public port; unset: only the management port serves it. */
  metricsToken: string | undefined;
}

/**
 * Structured request logs and Prometheus metrics. Every request's log lines carry `reqId` and
 * `route` (and `userId` once the auth guard resolved the token, see plugins/auth.ts); one
 * `request completed` line per request replaces Fastify's two default lines, which were written
 * before the route and the user were known. Code running for the request (services, the ledger)
 * logs through the same child logger via `shared/log-context.ts`.
 */
export const observabilityPlugin = fp(
  async (app: FastifyInstance, options: ObservabilityOptions) => {
    const { metrics } = options;

    app.addHook('onRequest', (request, _reply, done) => {
      bindLogFields(request, { route: routeOf(request) });
      runWithLogger(request.log, done);
    });

    app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
      const route = routeOf(request);
      const seconds = reply.elapsedTime / 1000;
      metrics.recordRequest(request.method, route, reply.statusCode, seconds);
      if (reply.errorKey) metrics.errors.inc({ key: reply.errorKey });
      // The line's fields are built only when it is written (LOG_LEVEL below info: never).
      if (!isInfoEnabled(request.log)) {
        done();
        return;
      }
      request.log.info(
        {
          // Bound by the auth guard when a user was resolved; written here as null otherwise.
          ...(request.user ? {} : { userId: null }),
          method: request.method,
          // The path only: query strings may carry single-use stream tickets.
          path: request.url.split('?')[0],
          statusCode: reply.statusCode,
          responseTimeMs: Math.round(reply.elapsedTime * 10) / 10,
          ...(reply.errorKey ? { errorKey: reply.errorKey } : {}),
        },
        'request completed',
      );
      done();
    });

    // One audit line per money movement, with the logger of the request or job that caused it.
    const unsubscribe = onMoneyMovement((movement) => {
      metrics.ledgerPostings.inc({ kind: movement.kind });
      metrics.ledgerAmount.inc({ kind: movement.kind }, movement.amount);
      const { transactionId, kind, reference, amount, legs } = movement;
      (contextLogger() ?? app.log).info(
        { audit: 'money', ledgerTransactionId: transactionId, kind, reference, amount, legs },
        'money movement',
      );
    });
    app.addHook('onClose', async () => {
      unsubscribe();
    });

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const given = bearerToken(request);
      // Without the token the route does not exist, as far as a caller can tell.
      if (!options.metricsToken || !given || !sameToken(given, options.metricsToken)) {
        return sendFailure(request, reply, 'ROUTE_NOT_FOUND', { status: 404 });
      }
      const body = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).serializer(String).send(body);
    });
  },
  { name: 'observability' },
);
