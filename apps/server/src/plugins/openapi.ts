import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Admin routes are left out of the public docs in production unless API_DOCS_ADMIN asks for them. */
export function docsHideAdmin(config: { NODE_ENV: string; API_DOCS_ADMIN: boolean }): boolean {
  return config.NODE_ENV === 'production' && !config.API_DOCS_ADMIN;
}

interface OpenApiOptions {
  hideAdmin?: boolean;
}

/** The routes @fastify/swagger-ui serves under its prefix (the authorization matrix lists them). */
const docsPrefix = '/api/docs';
const docsRoutes = ['/', '/json', '/yaml', '/static/index.html', '/static/swagger-initializer.js', '/static/*'];

/** Headers of the docs app's answer that describe its own connection, not the content. */
const connectionHeaders = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'content-length']);

/**
 * OpenAPI generated from the routes' zod schemas, with a docs page at /api/docs.
 *
 * @fastify/swagger, swagger-ui and their YAML library are ~130 modules that an idle server, or one
 * nobody reads the docs of, does not need in memory (docs/decisions/0016-server-memory.md). So this
 * records every route as it is registered (as @fastify/swagger itself does, through `onRoute`) and
 * answers /api/docs with stand-ins: the first request loads the libraries into a small Fastify
 * instance of their own, registers the recorded routes there (schemas only, no handlers run), and
 * each docs request is answered by that instance through `inject`.
 */
export const openApiPlugin = fp(
  async (app: FastifyInstance, options: OpenApiOptions = {}) => {
    const routes: RouteOptions[] = [];
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith(docsPrefix)) routes.push(route);
    });
    let docs: Promise<FastifyInstance> | undefined;
    const answer = async (request: FastifyRequest, reply: FastifyReply) => {
      docs ??= buildDocsApp(routes, options).catch((error: unknown) => {
        docs = undefined; // tried again with the next request
        throw error;
      });
      const { 'content-length': _length, ...headers } = request.headers;
      // GET for a HEAD too: this app drops the body of a HEAD answer itself.
      const response = await (await docs).inject({ method: 'GET', url: request.url, headers });
      // A missing file gets this app's own 404 answer, as every other unknown path does.
      if (response.statusCode === 404) return reply.callNotFound();
      reply.code(response.statusCode);
      for (const [name, value] of Object.entries(response.headers)) {
        if (value !== undefined && !connectionHeaders.has(name)) reply.header(name, value);
      }
      return response.rawPayload.length > 0 ? reply.send(response.rawPayload) : reply.send();
    };
    app.addHook('onClose', async () => {
      await (await docs?.catch(() => undefined))?.close();
    });
    // Under a prefix, as swagger-ui registers them: `/api/docs` answers with and without its slash.
    await app.register(
      async (scope) => {
        for (const route of docsRoutes) scope.get(route, { schema: { hide: true } }, answer);
      },
      { prefix: docsPrefix },
    );
  },
  { name: 'openapi' },
);

/** The docs as @fastify/swagger and swagger-ui generate them, over the recorded routes. */
async function buildDocsApp(routes: readonly RouteOptions[], options: OpenApiOptions): Promise<FastifyInstance> {
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  // The recorded routes arrive with their HEAD twins already: this instance adds none of its own.
  const docs = Fastify({ exposeHeadRoutes: false });
  // The schemas are zod: only the OpenAPI transform reads them here, nothing validates with them.
  docs.setValidatorCompiler(() => () => true);
  docs.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await docs.register(swagger, {
    openapi: {
      info: {
        title: 'Crossmart API',
        version: '1.0.0',
        description:
          'Every answer is an envelope `{code, msg, data}`: `code` 1 is success, 0 a business failure ' +
          '(with `error` and, for validation, `fields`), 401 a missing or expired token. Amounts are ' +
          'integers in minor units of the currency given by `GET /api/config`.',
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } },
      },
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      if (!options.hideAdmin || !input.url.startsWith('/api/admin')) return out;
      return { ...out, schema: { ...out.schema, hide: true } };
    },
  });
  await docs.register(swaggerUi, { routePrefix: docsPrefix, staticCSP: true });
  for (const route of routes) {
    docs.route({
      method: route.method,
      url: route.url,
      ...(route.schema ? { schema: route.schema } : {}),
      ...(route.constraints ? { constraints: route.constraints } : {}),
      ...(route.config ? { config: route.config } : {}),
      handler: async () => undefined,
    });
  }
  await docs.ready();
  return docs;
}
