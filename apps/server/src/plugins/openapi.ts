import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Admin routes are left out of the public docs in production unless API_DOCS_ADMIN asks for them. */
export function docsHideAdmin(config: { NODE_ENV: string; API_DOCS_ADMIN: boolean }): boolean {
  return config.NODE_ENV === 'production' && !config.API_DOCS_ADMIN;
}

/** OpenAPI generated from the routes' zod schemas, with a docs page at /api/docs. */
export const openApiPlugin = fp(
  async (app: FastifyInstance, options: { hideAdmin?: boolean } = {}) => {
    await app.register(swagger, {
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
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'openapi' },
);
