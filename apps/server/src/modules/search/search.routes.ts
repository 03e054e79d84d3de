import { type LanguageFile, type PopularSearches, popularSearchesSchema, successEnvelope } from '@crossmart/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/envelope.ts';
import { microCache } from '../../shared/micro-cache.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { listPopularSearches } from './search.service.ts';

/** Popular searches change slowly: each process reuses an answer per language this long. */
export const popularCacheMs = 60_000;

export const searchRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { config, database }) => {
  const popular = microCache<LanguageFile, PopularSearches>(popularCacheMs, 64);
  app.get(
    '/api/search/popular',
    {
      schema: {
        tags: ['catalog'],
        summary:
          'What shoppers of the request language searched most over the last 7 days (terms that found something)',
        response: { 200: successEnvelope(popularSearchesSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await popular.get(request.lang, async () => ({
          terms: await listPopularSearches(database.db, request.lang, new Date(), config.TIME_ZONE),
        })),
      ),
  );
};
