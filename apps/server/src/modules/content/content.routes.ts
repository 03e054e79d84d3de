import { languageListSchema, successEnvelope } from '@crossmart/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/envelope.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { listLanguages } from './languages.service.ts';

export const contentRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { database }) => {
  app.get(
    '/api/user/language_list',
    {
      schema: {
        tags: ['content'],
        summary: 'The interface languages with native and Chinese names',
        response: { 200: successEnvelope(languageListSchema) },
      },
    },
    async (request) => ok(request, await listLanguages(database.db)),
  );
};
