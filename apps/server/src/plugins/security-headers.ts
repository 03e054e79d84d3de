import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet would write with these options, worked out once. helmet's middleware (and
 * @fastify/helmet, which builds a new middleware for every request) rebuilds the policy strings
 * on each call; ours never change while the process runs, so each answer just copies them.
 */
export function helmetHeaders(options: HelmetOptions): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let failed: unknown;
  helmet(options)({} as never, response as never, (error?: unknown) => {
    failed = error;
  });
  if (failed) throw failed;
  return [...headers];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The headers every answer carries, worked out once by the plugin below. */
    securityHeaders: ReadonlyArray<readonly [string, string]>;
  }
}

/**
 * Writes the security headers on the raw response, as helmet does, so that error answers and file
 * streams carry them too; also for answers given before any hook runs (Fastify's framework errors).
 */
export function setSecurityHeaders(reply: FastifyReply): void {
  for (const [name, value] of reply.server.securityHeaders) reply.raw.setHeader(name, value);
}

/** Content security policy and the other helmet headers on every answer (pages, assets, API, errors). */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: HelmetOptions) => {
    app.decorate('securityHeaders', helmetHeaders(options));
    app.addHook('onRequest', (_request, reply, done) => {
      setSecurityHeaders(reply);
      done();
    });
  },
  { name: 'security-headers' },
);
