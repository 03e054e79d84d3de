import type { LanguageFile } from '@crossmart/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MessageParams } from '../errors.ts';
import { resolveRequestLanguage, translate } from '../i18n/translate.ts';

declare module 'fastify' {
  interface FastifyRequest {
    lang: LanguageFile;
    t(key: string, params?: MessageParams): string;
  }
}

/** Gives every request its message language (docs/spec.md §7 `lang`/`language` headers) and a translator. */
export const requestLanguagePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('lang', 'jp');
    app.decorateRequest('t', function (this: { lang: LanguageFile }, key: string, params?: MessageParams) {
      return translate(this.lang, key, params);
    });
    // Callback style: no promise per request.
    app.addHook('onRequest', (request, _reply, done) => {
      request.lang = resolveRequestLanguage(request.headers);
      done();
    });
  },
  { name: 'request-language' },
);
