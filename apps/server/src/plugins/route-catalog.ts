import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';

/** One route as it was registered: its zod schemas are what the reliability battery generates from. */
export interface CatalogRoute {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app serves (HEAD twins of GETs left out), in registration order. */
    routeCatalog: CatalogRoute[];
  }
}

/**
 * Records every route with its schemas, so that tests which must cover every route (the fuzzer
 * and the authorization matrix under `test/reliability/`) find a new one without being edited.
 * Register it before any route.
 */
export const routeCatalogPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('routeCatalog', [] as CatalogRoute[]);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method !== 'HEAD') app.routeCatalog.push({ method, url: route.url, schema: route.schema });
      }
    });
  },
  { name: 'route-catalog' },
);
